package io.apogee.broker.filter;

/**
 * One token of an SQL92 filter expression.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param kind     what the token is
 * @param text     its source text (the decoded value for a string literal)
 * @param position where it starts, 1-based
 */
record SqlToken(Kind kind, String text, int position) {
    /** The token kinds: keywords are matched case-insensitively, identifiers keep their case. */
    enum Kind {
        IDENTIFIER, STRING, DECIMAL, FLOAT,
        NOT, AND, OR, BETWEEN, IN, TRUE, FALSE, NULL, IS, CONTAINS, STARTSWITH, ENDSWITH,
        EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL, LEFT_PAREN, RIGHT_PAREN, COMMA, PLUS, MINUS,
        END
    }

    /** How an error message names this token. */
    String describe() {
        return switch (kind) {
            case END -> "the end of the expression";
            case STRING -> "string '" + text.replace("'", "''") + "'";
            default -> "'" + text + "'";
        };
    }
}
