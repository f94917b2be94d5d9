package io.apogee.wire.message.id;

import io.apogee.common.time.Clock;
import io.apogee.wire.message.HostAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Generates UNIQ_KEY values (docs/protocol.md §4.6) in the layout of RocketMQ's {@code MessageClientIDSetter}.
 * Thread-safe and lock-free. The key, in uppercase hex:
 *
 * <pre>
 *   ip (4 bytes, or 16 without IPv4) | pid (int16) | class-loader hash (int32)   fixed per generator
 *   | ms since 00:00 on the 1st of the current month, local time (int32)        per key
 *   | counter (int16)                                                           per key
 *   = 16 bytes (32 chars) or 28 bytes (56 chars)
 * </pre>
 *
 * The fixed part is encoded once; a key costs a clock read, an atomic increment and twelve hex digits written
 * into the caller's buffer, {@code char[]} or {@link Appendable}. Like RocketMQ, the millisecond field is the
 * low 32 bits of the span (it wraps after about 24.8 days, and {@link UniqueKey#nearlyCreationTime} reads it
 * unsigned), and a span up to a second negative (a clock stepped back) is written as 0.
 *
 * <p>Thread-safe: any number of threads may generate keys at once (lock-free).
 */
public final class UniqueKeyGenerator {
    /** Characters of a key made on a host with IPv4. */
    public static final int IPV4_KEY_LENGTH = UniqueKey.IPV4_KEY_LENGTH;
    /** Characters of a key made on a host with IPv6 only. */
    public static final int IPV6_KEY_LENGTH = UniqueKey.IPV6_KEY_LENGTH;

    private static final int CLOCK_STEP_TOLERANCE_MS = 1_000_000;
    private static final int COUNTER_BYTES = Short.BYTES;
    private static final int TIME_BYTES = Integer.BYTES;

    private final char[] prefix;
    private final byte[] prefixAscii;
    private final String prefixText;
    private final Clock clock;
    private final ZoneId zone;
    private final AtomicInteger counter = new AtomicInteger();
    private volatile MonthWindow window;

    /**
     * @param ip              the host's address: 4 bytes, or 16 when it has no IPv4 address
     * @param pid             the process id (its low 16 bits are used)
     * @param classLoaderHash any int that tells generators in one process apart (RocketMQ uses its class loader's hash)
     * @param clock           the wall clock, read once per key
     * @param zone            the time zone whose month start the millisecond field counts from
     */
    public UniqueKeyGenerator(byte[] ip, int pid, int classLoaderHash, Clock clock, ZoneId zone) {
        if (ip.length != HostAddress.IPV4_ADDRESS_LENGTH && ip.length != HostAddress.IPV6_ADDRESS_LENGTH) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, not " + ip.length);
        }
        this.clock = clock;
        this.zone = zone;
        int fixedChars = (ip.length + Short.BYTES + Integer.BYTES) * Hex.DIGITS_PER_BYTE;
        this.prefix = new char[fixedChars];
        int at = 0;
        for (byte b : ip) {
            at += Hex.write(b, Byte.BYTES, prefix, at);
        }
        at += Hex.write(pid, Short.BYTES, prefix, at);
        Hex.write(classLoaderHash, Integer.BYTES, prefix, at);
        this.prefixText = new String(prefix);
        this.prefixAscii = new byte[fixedChars];
        for (int i = 0; i < fixedChars; i++) {
            prefixAscii[i] = (byte) prefix[i];
        }
        this.window = MonthWindow.containing(clock.millis(), zone);
    }

    /** A generator for this process: its pid, this class's loader hash, the system time zone. */
    public static UniqueKeyGenerator forThisProcess(byte[] ip, Clock clock) {
        ClassLoader loader = UniqueKeyGenerator.class.getClassLoader();
        return new UniqueKeyGenerator(ip, (int) ProcessHandle.current().pid(), loader == null ? 0 : loader.hashCode(), clock,
            ZoneId.systemDefault());
    }

    /** Characters of every key this generator makes: 32, or 56 with an IPv6 address. */
    public int length() {
        return prefix.length + (TIME_BYTES + COUNTER_BYTES) * Hex.DIGITS_PER_BYTE;
    }

    /** Writes the next key as chars at {@code index}; returns its length. */
    public int next(char[] destination, int index) {
        int span = span();
        int sequence = counter.getAndIncrement();
        System.arraycopy(prefix, 0, destination, index, prefix.length);
        int at = index + prefix.length;
        at += Hex.write(span, TIME_BYTES, destination, at);
        at += Hex.write(sequence, COUNTER_BYTES, destination, at);
        return at - index;
    }

    /** Writes the next key as ASCII at absolute {@code index}; returns its length. */
    public int next(ByteBuffer destination, int index) {
        int span = span();
        int sequence = counter.getAndIncrement();
        destination.put(index, prefixAscii);
        int at = index + prefixAscii.length;
        at += Hex.write(span, TIME_BYTES, destination, at);
        at += Hex.write(sequence, COUNTER_BYTES, destination, at);
        return at - index;
    }

    /** Appends the next key (to a reused {@code StringBuilder}, for example). */
    public void next(Appendable out) {
        int span = span();
        int sequence = counter.getAndIncrement();
        try {
            out.append(prefixText);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Hex.append(span, TIME_BYTES, out);
        Hex.append(sequence, COUNTER_BYTES, out);
    }

    /** The next key as a new {@code String}. */
    public String next() {
        char[] key = new char[length()];
        next(key, 0);
        return new String(key);
    }

    /** Milliseconds since the start of the month, truncated to 32 bits as RocketMQ does. */
    private int span() {
        long now = clock.millis();
        MonthWindow current = window;
        if (now >= current.next()) {
            current = MonthWindow.containing(now, zone);
            window = current;
        }
        int span = (int) (now - current.start());
        if (span < 0 && span > -CLOCK_STEP_TOLERANCE_MS) {
            span = 0;
        }
        return span;
    }
}
