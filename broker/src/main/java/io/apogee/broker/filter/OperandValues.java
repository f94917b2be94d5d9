package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;
import java.nio.ByteBuffer;

/**
 * Loads operand values for one evaluation and compares them as RocketMQ's filter does (its {@code __compare} with
 * string conversion on): numbers widen (int to long to double); a string compared with a number is read as that
 * number's type ({@code Integer/Long/Double.valueOf}), and failing that the evaluation fails; a string compared
 * with a boolean is read with {@code Boolean.valueOf}, but a boolean compared with a string fails (RocketMQ's cast
 * error); any other mix of types compares as "less". A loaded value is a {@code long}: a property's value position
 * and length packed, a condition's result, or a literal's number, so nothing is allocated.
 *
 * <p>Stateless; safe for any thread.
 */
final class OperandValues {
    /** {@link #load} of an absent property. */
    static final long MISSING = -1;
    /** {@link #compare}'s answer when RocketMQ's comparison throws. */
    static final int FAILED = Integer.MIN_VALUE;

    private OperandValues() {
    }

    /** The operand's value for this message; for a condition, its result (check {@link Condition#ERROR} first). */
    static long load(Operand operand, PropertiesReader properties) {
        return switch (operand.kind) {
            case Operand.PROPERTY -> properties.find(operand.name)
                ? pack(properties.valueOffset(), properties.valueLength()) : MISSING;
            case Operand.CONDITION -> operand.condition.evaluate(properties);
            case Operand.STRING -> pack(0, operand.bytes.limit());
            default -> operand.number;
        };
    }

    /** Whether a loaded condition failed. */
    static boolean failed(Operand operand, long loaded) {
        return operand.kind == Operand.CONDITION && loaded == Condition.ERROR;
    }

    /** The runtime kind of a loaded value: one of the literal kinds of {@link Operand}. */
    static int kind(Operand operand, long loaded) {
        return switch (operand.kind) {
            case Operand.PROPERTY -> loaded == MISSING ? Operand.NULL : Operand.STRING;
            case Operand.CONDITION -> loaded == Condition.UNKNOWN || operand.discardsValue ? Operand.NULL : Operand.BOOLEAN;
            default -> operand.kind;
        };
    }

    /** The buffer a loaded string value is in. */
    static ByteBuffer buffer(Operand operand, PropertiesReader properties) {
        return operand.kind == Operand.PROPERTY ? properties.buffer() : operand.bytes;
    }

    static long pack(int offset, int length) {
        return (long) offset << Integer.SIZE | length & 0xffff_ffffL;
    }

    static int offset(long packed) {
        return (int) (packed >>> Integer.SIZE);
    }

    static int length(long packed) {
        return (int) packed;
    }

    /** The double a loaded string value reads as, in bits, or {@link PropertyNumbers#NOT_A_DOUBLE}. */
    static long doubleBits(long value, ByteBuffer buffer) {
        return PropertyNumbers.doubleBits(buffer, offset(value), length(value));
    }

    /**
     * RocketMQ's comparison of two non-NULL values of runtime kinds {@code lk} and {@code rk}: negative, zero or
     * positive, or {@link #FAILED}.
     */
    static int compare(int lk, long lv, ByteBuffer lb, int rk, long rv, ByteBuffer rb) {
        if (lk == rk) {
            return sameKind(lk, lv, lb, rv, rb);
        }
        if (isNumber(lk) && isNumber(rk)) {
            if (lk == Operand.DOUBLE || rk == Operand.DOUBLE) {
                return Double.compare(asDouble(lk, lv), asDouble(rk, rv));
            }
            return Long.compare(lv, rv);
        }
        if (isNumber(lk) && rk == Operand.STRING) {
            return compareConverted(lk, lv, rv, rb, false);
        }
        if (lk == Operand.STRING && isNumber(rk)) {
            return compareConverted(rk, rv, lv, lb, true);
        }
        if (lk == Operand.STRING && rk == Operand.BOOLEAN) {
            return Long.compare(isTrue(lv, lb) ? 1 : 0, rv);
        }
        if (lk == Operand.BOOLEAN && rk == Operand.STRING) {
            return FAILED;
        }
        return -1;
    }

    private static int sameKind(int kind, long lv, ByteBuffer lb, long rv, ByteBuffer rb) {
        return switch (kind) {
            case Operand.DOUBLE -> Double.compare(Double.longBitsToDouble(lv), Double.longBitsToDouble(rv));
            case Operand.STRING -> compareBytes(lb, offset(lv), length(lv), rb, offset(rv), length(rv));
            default -> Long.compare(lv, rv);
        };
    }

    /** A number of {@code kind} against a string read as that kind ({@code swapped}: the string is on the left). */
    private static int compareConverted(int kind, long number, long string, ByteBuffer buffer, boolean swapped) {
        int offset = offset(string);
        int length = length(string);
        int order;
        if (kind == Operand.DOUBLE) {
            long bits = PropertyNumbers.doubleBits(buffer, offset, length);
            if (bits == PropertyNumbers.NOT_A_DOUBLE) {
                return FAILED;
            }
            order = Double.compare(Double.longBitsToDouble(number), Double.longBitsToDouble(bits));
        } else {
            boolean intRange = kind == Operand.INT;
            if (!PropertyNumbers.isInteger(buffer, offset, length, intRange)) {
                return FAILED;
            }
            order = Long.compare(number, PropertyNumbers.integerValue(buffer, offset, length, intRange));
        }
        return swapped ? -order : order;
    }

    private static boolean isNumber(int kind) {
        return kind == Operand.INT || kind == Operand.LONG || kind == Operand.DOUBLE;
    }

    private static double asDouble(int kind, long value) {
        return kind == Operand.DOUBLE ? Double.longBitsToDouble(value) : value;
    }

    /** {@code Boolean.valueOf}: "true" in any case. */
    private static boolean isTrue(long value, ByteBuffer buffer) {
        int offset = offset(value);
        if (length(value) != 4) {
            return false;
        }
        return (buffer.get(offset) | 0x20) == 't' && (buffer.get(offset + 1) | 0x20) == 'r'
            && (buffer.get(offset + 2) | 0x20) == 'u' && (buffer.get(offset + 3) | 0x20) == 'e';
    }

    /** Unsigned byte order; equal exactly when the UTF-8 texts are equal. */
    static int compareBytes(ByteBuffer a, int aOffset, int aLength, ByteBuffer b, int bOffset, int bLength) {
        int common = Math.min(aLength, bLength);
        for (int i = 0; i < common; i++) {
            int difference = (a.get(aOffset + i) & 0xff) - (b.get(bOffset + i) & 0xff);
            if (difference != 0) {
                return difference < 0 ? -1 : 1;
            }
        }
        return Integer.compare(aLength, bLength);
    }
}
