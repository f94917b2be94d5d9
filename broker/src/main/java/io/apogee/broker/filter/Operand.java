package io.apogee.broker.filter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A compiled value in a filter expression: a message property, a literal ({@code 5}, {@code 5L}, {@code 1.5},
 * {@code 'x'}, {@code TRUE}, {@code NULL}), a condition used as a value, or a negation folded at compile time
 * (RocketMQ negates only numbers; anything else negates to NULL). {@link #literal} tells a literal from a folded
 * negation, since RocketMQ checks literals, and only literals, when it compiles.
 *
 * <p>Immutable; safe for any thread.
 */
final class Operand {
    /** A message property: a string, or NULL when absent. */
    static final int PROPERTY = 0;
    /** An int number (RocketMQ's Integer). */
    static final int INT = 1;
    /** A long number outside int range or with an L suffix' value. */
    static final int LONG = 2;
    /** A double number ({@link #number} holds its bits). */
    static final int DOUBLE = 3;
    /** A string ({@link #bytes} holds its UTF-8). */
    static final int STRING = 4;
    /** A boolean ({@link #number} is 1 or 0). */
    static final int BOOLEAN = 5;
    /** NULL. */
    static final int NULL = 6;
    /** A condition's result: a boolean, or NULL when unknown. */
    static final int CONDITION = 7;

    final int kind;
    final boolean literal;
    final String text;
    final int position;
    final String name;
    final long number;
    final ByteBuffer bytes;
    final Condition condition;
    /** For a negated condition: evaluate it (its errors count) but its value is NULL. */
    final boolean discardsValue;
    /** How many conditions deep its evaluation goes: 0 for a value, 1 + its deepest part for a condition. */
    final int height;

    private Operand(int kind, boolean literal, String text, int position, String name, long number, ByteBuffer bytes,
        Condition condition, boolean discardsValue) {
        this(kind, literal, text, position, name, number, bytes, condition, discardsValue, 0);
    }

    private Operand(int kind, boolean literal, String text, int position, String name, long number, ByteBuffer bytes,
        Condition condition, boolean discardsValue, int height) {
        this.kind = kind;
        this.literal = literal;
        this.text = text;
        this.position = position;
        this.name = name;
        this.number = number;
        this.bytes = bytes;
        this.condition = condition;
        this.discardsValue = discardsValue;
        this.height = height;
    }

    static Operand property(String name, int position) {
        return new Operand(PROPERTY, false, name, position, name, 0, null, null, false);
    }

    static Operand number(int kind, long value, String text, int position, boolean literal) {
        return new Operand(kind, literal, text, position, null, value, null, null, false);
    }

    static Operand string(String value, int position) {
        String text = SqlText.join("'", value.replace("'", "''"), "'");
        return new Operand(STRING, true, text, position, null, 0,
            ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer(), null, false);
    }

    static Operand bool(boolean value, int position) {
        return new Operand(BOOLEAN, true, value ? "TRUE" : "FALSE", position, null, value ? 1 : 0, null, null, false);
    }

    static Operand nullValue(String text, int position, boolean literal) {
        return new Operand(NULL, literal, text, position, null, 0, null, null, false);
    }

    static Operand condition(Condition condition, String text, int position, int height) {
        return new Operand(CONDITION, false, text, position, null, 0, null, condition, false, height);
    }

    /** {@code -this}, as RocketMQ evaluates it: numbers negate, anything else is NULL. */
    Operand negate(int at) {
        String negated = SqlText.join("-", text);
        return switch (kind) {
            case INT -> number(INT, -number, negated, at, false);
            case LONG -> number(LONG, -number, negated, at, false);
            case DOUBLE -> number(DOUBLE, Double.doubleToRawLongBits(-Double.longBitsToDouble(number)), negated, at, false);
            case CONDITION -> new Operand(CONDITION, false, negated, at, null, 0, null, condition, true, height);
            default -> nullValue(negated, at, false);
        };
    }

    /** Whether this is a number literal or a folded negation of one. */
    boolean isNumber() {
        return kind == INT || kind == LONG || kind == DOUBLE;
    }

    /** Whether RocketMQ treats this as a boolean expression (conditions and the TRUE, FALSE, NULL literals). */
    boolean isBooleanExpression() {
        return kind == CONDITION && !discardsValue || literal && (kind == BOOLEAN || kind == NULL);
    }

    @Override
    public String toString() {
        return text;
    }
}
