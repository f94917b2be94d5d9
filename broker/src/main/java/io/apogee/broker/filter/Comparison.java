package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;
import java.nio.ByteBuffer;

/**
 * {@code =}, {@code <>}, {@code >}, {@code >=}, {@code <}, {@code <=}, {@code IS [NOT] NULL} as RocketMQ evaluates
 * them. Equality: both NULL is TRUE; a NULL left side is UNKNOWN, a NULL right side FALSE (so {@code a <> b} with
 * only {@code b} missing is TRUE); otherwise the values compare equal. Order: a NULL side is UNKNOWN (the right side
 * is then not evaluated); two strings (two properties) are both read as doubles, and failing that the evaluation
 * fails; otherwise the values compare as {@link OperandValues#compare} says. {@code <>} is NOT {@code =}.
 *
 * <p>Immutable; safe for any thread.
 */
final class Comparison implements Condition {
    /** The operator. */
    enum Operator {
        EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL
    }

    private final Operator operator;
    private final Operand left;
    private final Operand right;

    Comparison(Operator operator, Operand left, Operand right) {
        this.operator = operator;
        this.left = left;
        this.right = right;
    }

    @Override
    public int evaluate(PropertiesReader properties) {
        long lv = OperandValues.load(left, properties);
        if (OperandValues.failed(left, lv)) {
            return ERROR;
        }
        int lk = OperandValues.kind(left, lv);
        ByteBuffer lb = OperandValues.buffer(left, properties);
        if (operator != Operator.EQUAL && lk == Operand.NULL) {
            return UNKNOWN;
        }
        long rv = OperandValues.load(right, properties);
        if (OperandValues.failed(right, rv)) {
            return ERROR;
        }
        int rk = OperandValues.kind(right, rv);
        ByteBuffer rb = OperandValues.buffer(right, properties);
        if (operator == Operator.EQUAL) {
            if (lk == Operand.NULL || rk == Operand.NULL) {
                return lk == rk ? TRUE : lk == Operand.NULL ? UNKNOWN : FALSE;
            }
            int order = OperandValues.compare(lk, lv, lb, rk, rv, rb);
            return order == OperandValues.FAILED ? ERROR : order == 0 ? TRUE : FALSE;
        }
        if (rk == Operand.NULL) {
            return UNKNOWN;
        }
        int order;
        if (lk == Operand.STRING && rk == Operand.STRING) {
            long lBits = OperandValues.doubleBits(lv, lb);
            long rBits = OperandValues.doubleBits(rv, rb);
            if (lBits == PropertyNumbers.NOT_A_DOUBLE || rBits == PropertyNumbers.NOT_A_DOUBLE) {
                return ERROR;
            }
            order = Double.compare(Double.longBitsToDouble(lBits), Double.longBitsToDouble(rBits));
        } else {
            order = OperandValues.compare(lk, lv, lb, rk, rv, rb);
            if (order == OperandValues.FAILED) {
                return ERROR;
            }
        }
        boolean holds = switch (operator) {
            case GREATER -> order > 0;
            case GREATER_EQUAL -> order >= 0;
            case LESS -> order < 0;
            default -> order <= 0;
        };
        return holds ? TRUE : FALSE;
    }
}
