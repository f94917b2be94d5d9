package io.apogee.common.text;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Decimal numbers read from and written to ASCII digits in place. Hand-written because
 * {@code Long.parseLong} and {@code Long.toString} need a {@code String} per value.
 * Stateless and thread-safe.
 */
public final class AsciiNumbers {
    /** Returned by {@link #parseLong} when the bytes are not a valid decimal {@code long}. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final int MAX_LONG_DIGITS = 20;
    private static final String MIN_VALUE_TEXT = "-9223372036854775808";
    /** {@code bits * 1233 >>> 12} is {@code floor(log10(2^bits))} for every bit count of a long. */
    private static final int LOG10_2_NUMERATOR = 1233;
    private static final int LOG10_2_SHIFT = 12;
    private static final long[] POWERS_OF_TEN = new long[MAX_LONG_DIGITS - 1];
    private static final int PAIR_RADIX = 100;
    /** For 0..99: the tens digit and the ones digit, in ASCII. */
    private static final byte[] PAIR_TENS = new byte[PAIR_RADIX];
    private static final byte[] PAIR_ONES = new byte[PAIR_RADIX];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
        for (int pair = 0; pair < PAIR_RADIX; pair++) {
            PAIR_TENS[pair] = (byte) ('0' + pair / 10);
            PAIR_ONES[pair] = (byte) ('0' + pair % 10);
        }
    }

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

    /** {@link #parseLong(ByteBuffer, int, int)} for the {@code length} bytes of {@code array} from {@code index}. */
    public static long parseLong(byte[] array, int index, int length) {
        if (length <= 0 || length > MAX_LONG_DIGITS) {
            return INVALID;
        }
        Objects.checkFromIndexSize(index, length, array.length);
        int at = index;
        int end = index + length;
        boolean negative = false;
        byte first = array[at];
        if (first == '-' || first == '+') {
            negative = first == '-';
            at++;
            if (at == end) {
                return INVALID;
            }
        }
        long value = 0;
        while (at < end) {
            int digit = array[at++] - '0';
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
        return sign + digits(Math.abs(value));
    }

    /** The decimal digits of non-negative {@code v}: a bit count and one compare rather than a division per digit. */
    private static int digits(long v) {
        int log10 = (Long.SIZE - Long.numberOfLeadingZeros(v | 1)) * LOG10_2_NUMERATOR >>> LOG10_2_SHIFT;
        return v >= POWERS_OF_TEN[log10] ? log10 + 1 : Math.max(log10, 1);
    }

    /** Writes {@code value} in decimal at absolute {@code index} and returns the number of bytes written. */
    public static int write(long value, ByteBuffer buffer, int index) {
        if (buffer.hasArray()) {
            Objects.checkFromIndexSize(index, length(value), buffer.limit());
            return write(value, buffer.array(), buffer.arrayOffset() + index);
        }
        if (value == Long.MIN_VALUE) {
            return Utf8.encode(MIN_VALUE_TEXT, buffer, index);
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

    /**
     * Writes {@code value} in decimal into {@code array} from {@code index} and returns the number of bytes written.
     * Two digits per division, from a table, as the JDK's own {@code Long.toString} does.
     */
    public static int write(long value, byte[] array, int index) {
        if (value == Long.MIN_VALUE) {
            return Utf8.encode(MIN_VALUE_TEXT, array, index);
        }
        int length = length(value);
        int at = index + length;
        long v = Math.abs(value);
        while (v >= PAIR_RADIX) {
            int pair = (int) (v % PAIR_RADIX);
            v /= PAIR_RADIX;
            array[--at] = PAIR_ONES[pair];
            array[--at] = PAIR_TENS[pair];
        }
        int last = (int) v;
        array[--at] = PAIR_ONES[last];
        if (last >= 10) {
            array[--at] = PAIR_TENS[last];
        }
        if (value < 0) {
            array[--at] = '-';
        }
        return length;
    }
}
