package io.apogee.broker.auth.authorization;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * The source addresses a policy entry applies to (RocketMQ's {@code Environment}): IP addresses and CIDR ranges, IPv4
 * or IPv6. An empty list applies to every address. An address without a prefix length matches only the same text, as
 * in RocketMQ; a range matches every address of the same family inside it.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param entries the addresses and ranges, as written
 */
public record SourceIps(List<String> entries) {
    /** Every source. */
    public static final SourceIps EVERY = new SourceIps(List.of());

    private static final char SLASH = '/';
    private static final int BITS_PER_BYTE = 8;

    /** Copies the list. */
    public SourceIps {
        entries = List.copyOf(entries);
    }

    /** Whether each entry is an IP address or a CIDR range, as RocketMQ's IPAddressUtils.isValidIPOrCidr asks. */
    public static boolean isValid(String entry) {
        if (entry == null || entry.isBlank()) {
            return false;
        }
        int slash = entry.indexOf(SLASH);
        byte[] address = literal(slash < 0 ? entry : entry.substring(0, slash));
        if (address == null) {
            return false;
        }
        if (slash < 0) {
            return true;
        }
        try {
            int prefix = Integer.parseInt(entry.substring(slash + 1));
            return prefix >= 0 && prefix <= address.length * BITS_PER_BYTE;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Whether a request from {@code sourceIp} (an address as text, or null when unknown) is covered. */
    public boolean matches(String sourceIp) {
        if (entries.isEmpty()) {
            return true;
        }
        if (sourceIp == null || sourceIp.isEmpty()) {
            return false;
        }
        for (String entry : entries) {
            if (inRange(sourceIp, entry)) {
                return true;
            }
        }
        return false;
    }

    private static boolean inRange(String ip, String entry) {
        int slash = entry.indexOf(SLASH);
        if (slash < 0) {
            return Objects.equals(ip, entry);
        }
        byte[] range = literal(entry.substring(0, slash));
        byte[] address = literal(ip);
        if (range == null || address == null || range.length != address.length) {
            return false;
        }
        int prefix;
        try {
            prefix = Integer.parseInt(entry.substring(slash + 1));
        } catch (NumberFormatException e) {
            return false;
        }
        for (int bit = 0; bit < prefix && bit < address.length * BITS_PER_BYTE; bit++) {
            int mask = 0x80 >>> (bit % BITS_PER_BYTE);
            if ((range[bit / BITS_PER_BYTE] & mask) != (address[bit / BITS_PER_BYTE] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of an IP literal, or null when the text is not one (no name is ever looked up). */
    private static byte[] literal(String text) {
        try {
            return InetAddress.ofLiteral(text).getAddress();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
