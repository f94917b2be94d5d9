package io.apogee.perf;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

/**
 * The body of every message the tool sends, so that a consumer can tell what it received and whether it is intact.
 * Not thread-safe: each producer thread owns one instance (its buffer is reused for every message); {@link #check}
 * is static and safe for any thread.
 *
 * <pre>
 *  0        8        16          24          32       36                 size
 *  +--------+--------+-----------+-----------+--------+------------------+
 *  | run id | seq    | born nanos| born ms   | crc32c | filler           |
 *  +--------+--------+-----------+-----------+--------+------------------+
 * </pre>
 *
 * <p>Run id tells this run's messages from earlier runs' on the same topic; seq numbers the messages of a run from 0;
 * born nanos is the sender's monotonic clock (producers and consumers share one process, so end-to-end latency is
 * receive minus born); born ms is its wall clock, which a broker's timer keeps to, so a timer message is judged early
 * by it even if the clock is set while the message waits. The CRC32C covers the header before it and the filler. The filler is copied from
 * a random pattern made once, at an offset the sequence picks, so that bodies differ without a generator running per
 * byte (at 1 KiB that cost about 3 us a message, as much as the client's whole send).
 */
public final class PerfPayload {
    /** The smallest body: the header alone. */
    public static final int HEADER_LENGTH = 36;
    static final int RUN_ID_OFFSET = 0;
    static final int SEQUENCE_OFFSET = 8;
    static final int BORN_OFFSET = 16;
    static final int BORN_MILLIS_OFFSET = 24;
    static final int CRC_OFFSET = 32;
    /** How many different filler starts the pattern offers (a power of two). */
    static final int FILLER_STARTS = 4096;
    private static final ThreadLocal<CRC32C> CRCS = ThreadLocal.withInitial(CRC32C::new);

    private final byte[] body;
    private final byte[] pattern;
    private final ByteBuffer view;
    private final long runId;

    /** A payload of {@code size} bytes for run {@code runId}. */
    public PerfPayload(long runId, int size) {
        if (size < HEADER_LENGTH) {
            throw new IllegalArgumentException("a body holds at least " + HEADER_LENGTH + " bytes, not " + size);
        }
        this.runId = runId;
        this.body = new byte[size];
        this.pattern = new byte[size - HEADER_LENGTH + FILLER_STARTS - 1];
        new SplittableRandom(runId).nextBytes(pattern);
        this.view = ByteBuffer.wrap(body);
    }

    /**
     * Fills the body for message {@code sequence} born at {@code bornNanos} (monotonic) and {@code bornMillis} (wall
     * clock); returns the body array (reused).
     */
    public byte[] fill(long sequence, long bornNanos, long bornMillis) {
        view.putLong(RUN_ID_OFFSET, runId).putLong(SEQUENCE_OFFSET, sequence).putLong(BORN_OFFSET, bornNanos)
            .putLong(BORN_MILLIS_OFFSET, bornMillis);
        int start = (int) (sequence & (FILLER_STARTS - 1));
        System.arraycopy(pattern, start, body, HEADER_LENGTH, body.length - HEADER_LENGTH);
        view.putInt(CRC_OFFSET, crc(view));
        return body;
    }

    /** What a received body is. */
    public enum Verdict {
        /** Intact, of this run. */
        INTACT,
        /** Of another run: not counted. */
        FOREIGN,
        /** Wrong size or checksum. */
        CORRUPT
    }

    /** Checks {@code received} (position to limit) against run {@code runId} and the expected {@code size}. */
    public static Verdict check(ByteBuffer received, long runId, int size) {
        int start = received.position();
        if (received.remaining() < HEADER_LENGTH) {
            return Verdict.CORRUPT;
        }
        if (received.getLong(start + RUN_ID_OFFSET) != runId) {
            return Verdict.FOREIGN;
        }
        if (received.remaining() != size || received.getLong(start + SEQUENCE_OFFSET) < 0) {
            return Verdict.CORRUPT;
        }
        return received.getInt(start + CRC_OFFSET) == crc(received, start, size) ? Verdict.INTACT : Verdict.CORRUPT;
    }

    /** The sequence number of a body that {@link #check} found intact. */
    public static long sequence(ByteBuffer received) {
        return received.getLong(received.position() + SEQUENCE_OFFSET);
    }

    /** The born time (monotonic nanoseconds) of a body that {@link #check} found intact. */
    public static long bornNanos(ByteBuffer received) {
        return received.getLong(received.position() + BORN_OFFSET);
    }

    /** The born wall-clock time (epoch milliseconds) of a body that {@link #check} found intact. */
    public static long bornMillis(ByteBuffer received) {
        return received.getLong(received.position() + BORN_MILLIS_OFFSET);
    }

    private static int crc(ByteBuffer body) {
        return crc(body, 0, body.limit());
    }

    /**
     * The CRC of the {@code size} bytes at {@code start} of {@code buffer} but the CRC field, read by moving the
     * buffer's own position and limit and putting them back: no view and no engine per message, which at millions of
     * deliveries a second would cost as much as the client's whole parse.
     */
    private static int crc(ByteBuffer buffer, int start, int size) {
        int position = buffer.position();
        int limit = buffer.limit();
        CRC32C crc = CRCS.get();
        crc.reset();
        try {
            buffer.limit(start + CRC_OFFSET).position(start);
            crc.update(buffer);
            buffer.limit(start + size).position(start + HEADER_LENGTH);
            crc.update(buffer);
        } finally {
            buffer.limit(limit).position(position);
        }
        return (int) crc.getValue();
    }
}
