package io.apogee.wire.message.id;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** Uppercase hex digits written and read in place, as RocketMQ's {@code UtilAll} does. Stateless; any thread. */
final class Hex {
    /** Hex digits per byte. */
    static final int DIGITS_PER_BYTE = 2;
    /** Returned by {@link #value(char)} for a non-hex character. */
    static final int INVALID = -1;

    private static final byte[] UPPER = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
    private static final int NIBBLE_BITS = 4;
    private static final int NIBBLE_MASK = 0xF;
    private static final int DECIMAL_DIGITS = 10;

    private Hex() {
    }

    /** The uppercase digit of the nibble of {@code value} at bit {@code shift}. */
    static char digit(long value, int shift) {
        return (char) UPPER[(int) (value >>> shift) & NIBBLE_MASK];
    }

    /** Writes the low {@code bytes} bytes of {@code value}, most significant first, as ASCII hex. */
    static int write(long value, int bytes, ByteBuffer destination, int index) {
        int digits = bytes * DIGITS_PER_BYTE;
        for (int i = 0; i < digits; i++) {
            destination.put(index + i, (byte) digit(value, (digits - 1 - i) * NIBBLE_BITS));
        }
        return digits;
    }

    /** Writes the low {@code bytes} bytes of {@code value}, most significant first, as hex chars. */
    static int write(long value, int bytes, char[] destination, int index) {
        int digits = bytes * DIGITS_PER_BYTE;
        for (int i = 0; i < digits; i++) {
            destination[index + i] = digit(value, (digits - 1 - i) * NIBBLE_BITS);
        }
        return digits;
    }

    /** Appends the low {@code bytes} bytes of {@code value}, most significant first, as hex chars. */
    static void append(long value, int bytes, Appendable out) {
        int digits = bytes * DIGITS_PER_BYTE;
        try {
            for (int i = 0; i < digits; i++) {
                out.append(digit(value, (digits - 1 - i) * NIBBLE_BITS));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of one hex digit (either case), or {@link #INVALID}. */
    static int value(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + DECIMAL_DIGITS;
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + DECIMAL_DIGITS;
        }
        return INVALID;
    }

    /** The byte written as two hex digits at {@code index} of {@code text}, or {@link #INVALID}. */
    static int byteAt(CharSequence text, int index) {
        int high = value(text.charAt(index));
        int low = value(text.charAt(index + 1));
        return high < 0 || low < 0 ? INVALID : high << NIBBLE_BITS | low;
    }
}
