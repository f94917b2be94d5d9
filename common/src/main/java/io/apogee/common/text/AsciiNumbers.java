package io.apogee.common.text;

import java.nio.ByteBuffer;

/**
 * Decimal numbers read from and written to ASCII digits in place. Hand-written because
 * {@code Long.parseLong} and {@code Long.toString} need a {@code String} per value.
 * Stateless and thread-safe.
 */
public final class AsciiNumbers {
    /** Returned by {@link #parseLong} when the bytes are not a valid decimal {@code long}. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final int MAX_LONG_DIGITS = 20;

    private AsciiNumbers() {
    }

    /**
     * Parses an optionally signed decimal {@code long}. Returns {@link #INVALID} for an empty range, a
     * non-digit, or overflow (so {@code Long.MIN_VALUE} itself cannot be read; no field in the protocol uses it).
     */
    public static long parseLong(ByteBuffer buffer, int index, int length) {
        if (length <= 0 || length > MAX_LONG_DIGITS) {
            return INVALID;
        }
        int at = index;
        int end = index + length;
        boolean negative = false;
        byte first = buffer.get(at);
        if (first == '-' || first == '+') {
            negative = first == '-';
            at++;
            if (at == end) {
                return INVALID;
            }
        }
        long value = 0;
        while (at < end) {
            int digit = buffer.get(at++) - '0';
            if (digit < 0 || digit > 9) {
                return INVALID;
            }
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return INVALID;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /** The number of ASCII characters {@code value} takes in decimal, sign included. */
    public static int length(long value) {
        if (value == Long.MIN_VALUE) {
            return MAX_LONG_DIGITS;
        }
        int sign = value < 0 ? 1 : 0;
        long v = Math.abs(value);
        int digits = 1;
        while (v >= 10) {
            v /= 10;
            digits++;
        }
        return sign + digits;
    }

    /** Writes {@code value} in decimal at absolute {@code index} and returns the number of bytes written. */
    public static int write(long value, ByteBuffer buffer, int index) {
        if (value == Long.MIN_VALUE) {
            return Utf8.encode("-9223372036854775808", buffer, index);
        }
        int length = length(value);
        int at = index + length;
        long v = Math.abs(value);
        do {
            buffer.put(--at, (byte) ('0' + (v % 10)));
            v /= 10;
        } while (v != 0);
        if (value < 0) {
            buffer.put(--at, (byte) '-');
        }
        return length;
    }
}
