package io.apogee.wire.message;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An IP address and port as a record stores them (born host, store host): 4 or 16 address bytes then an int32
 * port. Made once per connection or per broker, never per message. Immutable and safe for any thread.
 *
 * <pre>
 *  IPv4:  0 ip (4 bytes)   4 port (int32)                 8 bytes
 *  IPv6:  0 ip (16 bytes) 16 port (int32)                20 bytes
 * </pre>
 */
public final class HostAddress {
    /** Bytes of an IPv4 address. */
    public static final int IPV4_ADDRESS_LENGTH = 4;
    /** Bytes of an IPv6 address. */
    public static final int IPV6_ADDRESS_LENGTH = 16;
    /** Bytes of the port that follows the address. */
    public static final int PORT_LENGTH = Integer.BYTES;
    /** Bytes of an IPv4 host in a record. */
    public static final int IPV4_LENGTH = IPV4_ADDRESS_LENGTH + PORT_LENGTH;
    /** Bytes of an IPv6 host in a record. */
    public static final int IPV6_LENGTH = IPV6_ADDRESS_LENGTH + PORT_LENGTH;

    private final byte[] address;
    private final ByteBuffer addressView;
    private final int port;
    /** The host as big-endian words, so that a record gets it in two or three stores, not a bulk copy per field. */
    private final long firstWord;
    private final long secondWord;

    private HostAddress(byte[] address, int port) {
        this.address = address;
        this.addressView = ByteBuffer.wrap(address).asReadOnlyBuffer();
        this.port = port;
        ByteBuffer words = ByteBuffer.allocate(IPV6_LENGTH).put(address).putInt(port);
        this.firstWord = words.getLong(0);
        this.secondWord = address.length == IPV6_ADDRESS_LENGTH ? words.getLong(Long.BYTES) : 0;
    }

    /** A host from its raw address (4 or 16 bytes, copied) and port. */
    public static HostAddress of(byte[] address, int port) {
        if (address.length != IPV4_ADDRESS_LENGTH && address.length != IPV6_ADDRESS_LENGTH) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, not " + address.length);
        }
        return new HostAddress(address.clone(), port);
    }

    /** A host from a resolved socket address (an IPv4-mapped IPv6 address counts as IPv4, as in Java). */
    public static HostAddress of(InetSocketAddress socketAddress) {
        InetAddress inet = socketAddress.getAddress();
        if (inet == null) {
            throw new IllegalArgumentException("unresolved address: " + socketAddress);
        }
        return new HostAddress(inet.getAddress(), socketAddress.getPort());
    }

    /** The host stored at {@code index}: 4 or 16 address bytes ({@code ipv6}) then the port. */
    public static HostAddress read(ByteBuffer buffer, int index, boolean ipv6) {
        byte[] address = new byte[ipv6 ? IPV6_ADDRESS_LENGTH : IPV4_ADDRESS_LENGTH];
        buffer.get(index, address);
        return new HostAddress(address, buffer.getInt(index + address.length));
    }

    /** Bytes a host takes in a record: 8 for IPv4, 20 for IPv6. */
    public static int encodedLength(boolean ipv6) {
        return ipv6 ? IPV6_LENGTH : IPV4_LENGTH;
    }

    /** True for an IPv6 address. */
    public boolean isIpv6() {
        return address.length == IPV6_ADDRESS_LENGTH;
    }

    /** The port. */
    public int port() {
        return port;
    }

    /** Bytes of the address alone: 4 or 16. */
    public int addressLength() {
        return address.length;
    }

    /** The address byte at {@code i}. */
    public byte addressByte(int i) {
        return address[i];
    }

    /** The address bytes as a read-only buffer (index 0 to {@link #addressLength()}); shared, never changes. */
    public ByteBuffer addressBuffer() {
        return addressView;
    }

    /** Bytes this host takes in a record: 8 or 20. */
    public int encodedLength() {
        return address.length + PORT_LENGTH;
    }

    /** Writes address then port at absolute {@code index}; returns the bytes written. */
    public int write(ByteBuffer buffer, int index) {
        // a bulk put of 4 bytes into a direct buffer costs more than the whole host as one or two long stores
        if (buffer.order() != ByteOrder.BIG_ENDIAN) {
            buffer.put(index, address);
            buffer.putInt(index + address.length, port);
            return address.length + PORT_LENGTH;
        }
        buffer.putLong(index, firstWord);
        if (address.length == IPV4_ADDRESS_LENGTH) {
            return IPV4_LENGTH;
        }
        buffer.putLong(index + Long.BYTES, secondWord);
        buffer.putInt(index + 2 * Long.BYTES, port);
        return IPV6_LENGTH;
    }

    /** This host as a socket address (allocates; for logs and APIs that need one). */
    public InetSocketAddress toSocketAddress() {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("4 or 16 bytes are always a valid address", e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HostAddress that && port == that.port && Arrays.equals(address, that.address);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(address) * 31 + port;
    }

    @Override
    public String toString() {
        try {
            String host = InetAddress.getByAddress(address).getHostAddress();
            return (isIpv6() ? "[" + host + "]" : host) + ":" + port;
        } catch (UnknownHostException e) {
            throw new IllegalStateException("4 or 16 bytes are always a valid address", e);
        }
    }
}
