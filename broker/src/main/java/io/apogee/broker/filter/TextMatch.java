package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * RocketMQ 5's {@code [NOT] CONTAINS}, {@code [NOT] STARTSWITH} and {@code [NOT] ENDSWITH} with a string literal.
 * Unlike the comparisons these never answer UNKNOWN: an empty search string, a NULL value and a value that is not a
 * string are all FALSE, with or without NOT. The test runs on UTF-8 bytes, which for well-formed text answers as
 * Java's string test does.
 *
 * <p>Immutable; safe for any thread.
 */
final class TextMatch implements Condition {
    /** Where the search string must be. */
    enum Kind {
        CONTAINS, STARTSWITH, ENDSWITH
    }

    private final Kind kind;
    private final Operand value;
    private final byte[] search;
    private final boolean negated;

    TextMatch(Kind kind, Operand value, String search, boolean negated) {
        this.kind = kind;
        this.value = value;
        this.search = search.getBytes(StandardCharsets.UTF_8);
        this.negated = negated;
    }

    @Override
    public int evaluate(PropertiesReader properties) {
        if (search.length == 0) {
            return FALSE;
        }
        long loaded = OperandValues.load(value, properties);
        if (OperandValues.failed(value, loaded)) {
            return ERROR;
        }
        if (OperandValues.kind(value, loaded) != Operand.STRING) {
            return FALSE;
        }
        ByteBuffer buffer = OperandValues.buffer(value, properties);
        int offset = OperandValues.offset(loaded);
        int length = OperandValues.length(loaded);
        boolean found = switch (kind) {
            case STARTSWITH -> length >= search.length && regionMatches(buffer, offset);
            case ENDSWITH -> length >= search.length && regionMatches(buffer, offset + length - search.length);
            default -> contains(buffer, offset, length);
        };
        return found != negated ? TRUE : FALSE;
    }

    private boolean contains(ByteBuffer buffer, int offset, int length) {
        for (int at = offset; at <= offset + length - search.length; at++) {
            if (regionMatches(buffer, at)) {
                return true;
            }
        }
        return false;
    }

    private boolean regionMatches(ByteBuffer buffer, int at) {
        for (int i = 0; i < search.length; i++) {
            if (buffer.get(at + i) != search[i]) {
                return false;
            }
        }
        return true;
    }
}
