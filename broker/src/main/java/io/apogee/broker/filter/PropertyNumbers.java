package io.apogee.broker.filter;

import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;

/**
 * Reads a property value (UTF-8 bytes) as a number the way RocketMQ's filter does with {@code Integer.valueOf},
 * {@code Long.valueOf} and {@code Double.valueOf}, in place: an optional sign and ASCII digits for integers (no
 * blanks, a range overflow is no number), and Java's floating-point syntax for decimals (blanks trimmed). The
 * common shapes are read without allocating; rarer ones (non-ASCII digits, {@code NaN}, {@code Infinity}, hex
 * floats, long mantissas) are decoded and handed to the JDK so that the answer is always the JDK's.
 *
 * <p>Stateless; safe for any thread.
 */
final class PropertyNumbers {
    /** The bits {@link #doubleBits} answers for a value that is no number (a NaN the JDK never produces). */
    static final long NOT_A_DOUBLE = 0x7ff0_0000_0000_0001L;
    private static final long MAX_EXACT_MANTISSA = 1L << 53;
    private static final int MAX_FAST_DIGITS = 15;
    private static final int MAX_FAST_EXPONENT = 22;
    private static final double[] POWERS_OF_TEN = powersOfTen();

    private PropertyNumbers() {
    }

    /** Whether the bytes are an integer in int ({@code intRange}) or long range, as {@code Integer/Long.valueOf} see it. */
    static boolean isInteger(ByteBuffer buffer, int offset, int length, boolean intRange) {
        if (!isAscii(buffer, offset, length)) {
            try {
                parseSlow(buffer, offset, length, intRange);
                return true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        int at = offset;
        int end = offset + length;
        boolean negative = false;
        if (at < end && (buffer.get(at) == '-' || buffer.get(at) == '+')) {
            negative = buffer.get(at) == '-';
            at++;
        }
        if (at == end) {
            return false;
        }
        long limit = intRange ? (negative ? -(long) Integer.MIN_VALUE : Integer.MAX_VALUE) : Long.MAX_VALUE;
        long value = 0;
        for (; at < end; at++) {
            int digit = buffer.get(at) - '0';
            if (digit < 0 || digit > 9) {
                return false;
            }
            // Long.MIN_VALUE's magnitude is one past Long.MAX_VALUE: accept it only as the final negative value
            if (value > (limit - digit) / 10) {
                return negative && !intRange && at == end - 1 && value == Long.MAX_VALUE / 10 && digit == 8;
            }
            value = value * 10 + digit;
        }
        return true;
    }

    /** The integer value of bytes {@link #isInteger} accepted. */
    static long integerValue(ByteBuffer buffer, int offset, int length, boolean intRange) {
        if (!isAscii(buffer, offset, length)) {
            return parseSlow(buffer, offset, length, intRange);
        }
        int at = offset;
        int end = offset + length;
        boolean negative = buffer.get(at) == '-';
        if (negative || buffer.get(at) == '+') {
            at++;
        }
        long value = 0; // accumulated negatively so that Long.MIN_VALUE fits
        for (; at < end; at++) {
            value = value * 10 - (buffer.get(at) - '0');
        }
        return negative ? value : -value;
    }

    private static long parseSlow(ByteBuffer buffer, int offset, int length, boolean intRange) {
        String text = Utf8.decode(buffer, offset, length);
        return intRange ? Integer.parseInt(text) : Long.parseLong(text);
    }

    /** The bits of the bytes' value as {@code Double.valueOf} reads it, or {@link #NOT_A_DOUBLE}. */
    static long doubleBits(ByteBuffer buffer, int offset, int length) {
        int at = offset;
        int end = offset + length;
        while (at < end && (buffer.get(at) & 0xff) <= ' ') {
            at++;
        }
        while (end > at && (buffer.get(end - 1) & 0xff) <= ' ') {
            end--;
        }
        boolean negative = false;
        if (at < end && (buffer.get(at) == '-' || buffer.get(at) == '+')) {
            negative = buffer.get(at) == '-';
            at++;
        }
        long mantissa = 0;
        int digits = 0;
        int scale = 0;
        boolean seenDigit = false;
        boolean seenPoint = false;
        boolean slow = false;
        for (; at < end; at++) {
            int c = buffer.get(at) & 0xff;
            if (c >= '0' && c <= '9') {
                seenDigit = true;
                if (mantissa != 0 || c != '0') {
                    digits++;
                }
                if (digits > MAX_FAST_DIGITS) {
                    slow = true;
                    break;
                }
                mantissa = mantissa * 10 + (c - '0');
                if (seenPoint) {
                    scale--;
                }
            } else if (c == '.' && !seenPoint) {
                seenPoint = true;
            } else {
                break;
            }
        }
        if (!slow && at < end) {
            int c = buffer.get(at) & 0xff;
            if (seenDigit && (c == 'e' || c == 'E')) {
                int exponentEnd = exponentEnd(buffer, at + 1, end);
                if (exponentEnd < 0) {
                    slow = isSlowShape(buffer, at, end);
                    return slow ? parseDoubleSlow(buffer, offset, length) : NOT_A_DOUBLE;
                }
                int exponent = exponentValue(buffer, at + 1, exponentEnd);
                scale = exponent == Integer.MIN_VALUE ? Integer.MIN_VALUE : scale + exponent;
                at = exponentEnd;
            }
            if (at < end && isSuffix(buffer.get(at)) && at == end - 1) {
                at++;
            }
            if (at < end) {
                return isSlowShape(buffer, offset, offset + length) ? parseDoubleSlow(buffer, offset, length) : NOT_A_DOUBLE;
            }
        }
        if (slow) {
            return parseDoubleSlow(buffer, offset, length);
        }
        if (!seenDigit) {
            return isSlowShape(buffer, offset, offset + length) ? parseDoubleSlow(buffer, offset, length) : NOT_A_DOUBLE;
        }
        if (mantissa == 0) {
            return Double.doubleToRawLongBits(negative ? -0.0 : 0.0);
        }
        if (mantissa > MAX_EXACT_MANTISSA || scale < -MAX_FAST_EXPONENT || scale > MAX_FAST_EXPONENT) {
            return parseDoubleSlow(buffer, offset, length);
        }
        // one IEEE operation on two exact values rounds correctly (Clinger's fast path)
        double value = scale >= 0 ? mantissa * POWERS_OF_TEN[scale] : mantissa / POWERS_OF_TEN[-scale];
        return Double.doubleToRawLongBits(negative ? -value : value);
    }

    /** Where the exponent's digits ([+-]?[0-9]+) starting at {@code from} end, or -1 when there are none. */
    private static int exponentEnd(ByteBuffer buffer, int from, int end) {
        int at = from;
        if (at < end && (buffer.get(at) == '+' || buffer.get(at) == '-')) {
            at++;
        }
        int digitsFrom = at;
        while (at < end && buffer.get(at) >= '0' && buffer.get(at) <= '9') {
            at++;
        }
        return at > digitsFrom ? at : -1;
    }

    /** The exponent's value, or Integer.MIN_VALUE when it is too large to take the fast path. */
    private static int exponentValue(ByteBuffer buffer, int from, int end) {
        int at = from;
        boolean negative = buffer.get(at) == '-';
        if (negative || buffer.get(at) == '+') {
            at++;
        }
        int value = 0;
        for (; at < end; at++) {
            value = value * 10 + (buffer.get(at) - '0');
            if (value > 1000) {
                return Integer.MIN_VALUE;
            }
        }
        return negative ? -value : value;
    }

    private static boolean isSuffix(byte c) {
        return c == 'f' || c == 'F' || c == 'd' || c == 'D';
    }

    /** Shapes only the JDK reads: NaN, Infinity, hex floats, non-ASCII text. */
    private static boolean isSlowShape(ByteBuffer buffer, int from, int end) {
        for (int at = from; at < end; at++) {
            int c = buffer.get(at) & 0xff;
            if (c >= 0x80 || c == 'N' || c == 'I' || c == 'x' || c == 'X') {
                return true;
            }
        }
        return false;
    }

    private static long parseDoubleSlow(ByteBuffer buffer, int offset, int length) {
        try {
            return Double.doubleToRawLongBits(Double.parseDouble(Utf8.decode(buffer, offset, length)));
        } catch (NumberFormatException e) {
            return NOT_A_DOUBLE;
        }
    }

    private static boolean isAscii(ByteBuffer buffer, int offset, int length) {
        for (int at = offset; at < offset + length; at++) {
            if (buffer.get(at) < 0) {
                return false;
            }
        }
        return true;
    }

    private static double[] powersOfTen() {
        double[] powers = new double[MAX_FAST_EXPONENT + 1];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }
}
