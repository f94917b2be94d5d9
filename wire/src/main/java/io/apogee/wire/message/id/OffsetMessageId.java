package io.apogee.wire.message.id;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;

/**
 * The offset message id (docs/protocol.md §4.6): the store host and the record's commit-log offset in uppercase hex,
 * the {@code msgId} of a send response and what VIEW_MESSAGE_BY_ID looks up.
 * Static writers are safe for any thread; an instance (a parser) is not.
 *
 * <pre>
 *   store host address (4 or 16 bytes) | store port (int32) | physical offset (int64)
 *   = 16 bytes (32 hex chars) with IPv4, 28 bytes (56 hex chars) with IPv6
 * </pre>
 *
 * <p>The static writers put the id into a buffer (ASCII), a {@code char[]} or an {@link Appendable} without
 * garbage and are safe for any thread. An instance is a reusable parser ({@link #parse}) and is not thread-safe.
 */
public final class OffsetMessageId {
    /** Characters of an id with an IPv4 store host. */
    public static final int IPV4_ID_LENGTH = (HostAddress.IPV4_LENGTH + Long.BYTES) * Hex.DIGITS_PER_BYTE;
    /** Characters of an id with an IPv6 store host. */
    public static final int IPV6_ID_LENGTH = (HostAddress.IPV6_LENGTH + Long.BYTES) * Hex.DIGITS_PER_BYTE;

    private final byte[] address = new byte[HostAddress.IPV6_ADDRESS_LENGTH];
    private int addressLength;
    private int port;
    private long physicalOffset;

    /** Characters of an id: 32, or 56 with an IPv6 store host. */
    public static int length(boolean ipv6) {
        return ipv6 ? IPV6_ID_LENGTH : IPV4_ID_LENGTH;
    }

    /** Writes the id of a record stored by {@code storeHost} at {@code physicalOffset} as ASCII; returns its length. */
    public static int write(HostAddress storeHost, long physicalOffset, ByteBuffer destination, int index) {
        return write(storeHost.addressBuffer(), 0, storeHost.addressLength(), storeHost.port(), physicalOffset, destination, index);
    }

    /** Writes the id of a record stored by {@code storeHost} at {@code physicalOffset} as chars; returns its length. */
    public static int write(HostAddress storeHost, long physicalOffset, char[] destination, int index) {
        return write(storeHost.addressBuffer(), 0, storeHost.addressLength(), storeHost.port(), physicalOffset, destination, index);
    }

    /** Appends the id of a record stored by {@code storeHost} at {@code physicalOffset}. */
    public static void append(HostAddress storeHost, long physicalOffset, Appendable out) {
        append(storeHost.addressBuffer(), 0, storeHost.addressLength(), storeHost.port(), physicalOffset, out);
    }

    /** Writes the id of {@code record} as ASCII at {@code index}; returns its length. */
    public static int write(StoredRecord record, ByteBuffer destination, int index) {
        return write(record.buffer(), record.storeHostOffset(), record.storeHostAddressLength(), record.storeHostPort(),
            record.physicalOffset(), destination, index);
    }

    /** Appends the id of {@code record}. */
    public static void append(StoredRecord record, Appendable out) {
        append(record.buffer(), record.storeHostOffset(), record.storeHostAddressLength(), record.storeHostPort(),
            record.physicalOffset(), out);
    }

    /** The id of {@code record} as a new {@code String}. */
    public static String of(StoredRecord record) {
        StringBuilder text = new StringBuilder(length(record.storeHostIsV6()));
        append(record, text);
        return text.toString();
    }

    /** The id of a record stored by {@code storeHost} at {@code physicalOffset} as a new {@code String}. */
    public static String of(HostAddress storeHost, long physicalOffset) {
        StringBuilder text = new StringBuilder(length(storeHost.isIpv6()));
        append(storeHost, physicalOffset, text);
        return text.toString();
    }

    /**
     * Writes an id as ASCII from address bytes at {@code addressOffset} of {@code source}; returns its length.
     */
    public static int write(ByteBuffer source, int addressOffset, int addressLength, int port, long physicalOffset,
                            ByteBuffer destination, int index) {
        int at = index;
        for (int i = 0; i < addressLength; i++) {
            at += Hex.write(source.get(addressOffset + i), Byte.BYTES, destination, at);
        }
        at += Hex.write(port, Integer.BYTES, destination, at);
        at += Hex.write(physicalOffset, Long.BYTES, destination, at);
        return at - index;
    }

    /** Writes an id as chars from address bytes at {@code addressOffset} of {@code source}; returns its length. */
    public static int write(ByteBuffer source, int addressOffset, int addressLength, int port, long physicalOffset,
                            char[] destination, int index) {
        int at = index;
        for (int i = 0; i < addressLength; i++) {
            at += Hex.write(source.get(addressOffset + i), Byte.BYTES, destination, at);
        }
        at += Hex.write(port, Integer.BYTES, destination, at);
        at += Hex.write(physicalOffset, Long.BYTES, destination, at);
        return at - index;
    }

    /** Appends an id from address bytes at {@code addressOffset} of {@code source}. */
    public static void append(ByteBuffer source, int addressOffset, int addressLength, int port, long physicalOffset,
                              Appendable out) {
        for (int i = 0; i < addressLength; i++) {
            Hex.append(source.get(addressOffset + i), Byte.BYTES, out);
        }
        Hex.append(port, Integer.BYTES, out);
        Hex.append(physicalOffset, Long.BYTES, out);
    }

    /**
     * Reads an id: 32 hex characters (IPv4) or 56 (IPv6), either case, as RocketMQ's
     * {@code MessageDecoder.decodeMessageId} does. Returns false, keeping the previous values, for any other
     * length or a non-hex character.
     */
    public boolean parse(CharSequence id) {
        int length = id.length();
        int ipLength;
        if (length == IPV4_ID_LENGTH) {
            ipLength = HostAddress.IPV4_ADDRESS_LENGTH;
        } else if (length == IPV6_ID_LENGTH) {
            ipLength = HostAddress.IPV6_ADDRESS_LENGTH;
        } else {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Hex.value(id.charAt(i)) == Hex.INVALID) {
                return false;
            }
        }
        for (int i = 0; i < ipLength; i++) {
            address[i] = (byte) Hex.byteAt(id, i * Hex.DIGITS_PER_BYTE);
        }
        int at = ipLength * Hex.DIGITS_PER_BYTE;
        this.addressLength = ipLength;
        this.port = (int) readHex(id, at, Integer.BYTES);
        this.physicalOffset = readHex(id, at + Integer.BYTES * Hex.DIGITS_PER_BYTE, Long.BYTES);
        return true;
    }

    private static long readHex(CharSequence text, int index, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value = value << Byte.SIZE | Hex.byteAt(text, index + i * Hex.DIGITS_PER_BYTE);
        }
        return value;
    }

    /** True when the parsed store host is IPv6. */
    public boolean isIpv6() {
        return addressLength == HostAddress.IPV6_ADDRESS_LENGTH;
    }

    /** Bytes of the parsed store host address: 4 or 16. */
    public int addressLength() {
        return addressLength;
    }

    /** Byte {@code i} of the parsed store host address. */
    public byte addressByte(int i) {
        return address[i];
    }

    /** The parsed store host port. */
    public int port() {
        return port;
    }

    /** The parsed commit-log offset. */
    public long physicalOffset() {
        return physicalOffset;
    }

    /** The parsed store host (allocates). */
    public HostAddress storeHost() {
        byte[] copy = new byte[addressLength];
        System.arraycopy(address, 0, copy, 0, addressLength);
        return HostAddress.of(copy, port);
    }
}
