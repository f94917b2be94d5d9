package io.apogee.broker.filter;

import io.apogee.broker.filter.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits an SQL92 filter expression into {@link SqlToken}s with RocketMQ's lexical rules: blanks are space, tab,
 * CR, LF and FF; {@code -- comment} runs to a line break or the end and {@code /* comment *&#47;} is skipped;
 * identifiers are {@code [A-Za-z_$][A-Za-z0-9_$]*}; keywords ignore case; a string is quoted with {@code '} and
 * doubles a quote inside; an integer is {@code 0} or {@code [1-9][0-9]*} with an optional {@code L}; a decimal
 * number has a point or an exponent ({@code 5.}, {@code .5}, {@code 5E3}); the longest token wins.
 *
 * <p>Stateless; safe for any thread.
 */
final class SqlLexer {
    private static final Map<String, Kind> KEYWORDS = Map.ofEntries(Map.entry("NOT", Kind.NOT), Map.entry("AND", Kind.AND),
        Map.entry("OR", Kind.OR), Map.entry("BETWEEN", Kind.BETWEEN), Map.entry("IN", Kind.IN),
        Map.entry("TRUE", Kind.TRUE), Map.entry("FALSE", Kind.FALSE), Map.entry("NULL", Kind.NULL),
        Map.entry("IS", Kind.IS), Map.entry("CONTAINS", Kind.CONTAINS), Map.entry("STARTSWITH", Kind.STARTSWITH),
        Map.entry("ENDSWITH", Kind.ENDSWITH));

    private SqlLexer() {
    }

    /** The tokens of {@code text}, ending with {@link Kind#END}. */
    static List<SqlToken> tokens(String text) throws SqlParseException {
        List<SqlToken> tokens = new ArrayList<>();
        int at = 0;
        while (true) {
            at = skipBlanksAndComments(text, at);
            if (at >= text.length()) {
                tokens.add(new SqlToken(Kind.END, "", text.length() + 1));
                return tokens;
            }
            SqlToken token = next(text, at);
            tokens.add(token);
            at = token.kind() == Kind.STRING ? endOfString(text, at) : at + token.text().length();
        }
    }

    private static int skipBlanksAndComments(String text, int from) throws SqlParseException {
        int at = from;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                at++;
            } else if (text.startsWith("--", at)) {
                at = lineEnd(text, at);
            } else if (text.startsWith("/*", at)) {
                int end = text.indexOf("*/", at + 2);
                if (end < 0) {
                    throw new SqlParseException("unterminated /* comment", at + 1);
                }
                at = end + 2;
            } else {
                return at;
            }
        }
        return at;
    }

    private static int lineEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                return i + 1;
            }
        }
        return text.length();
    }

    private static SqlToken next(String text, int at) throws SqlParseException {
        char c = text.charAt(at);
        int position = at + 1;
        if (isIdentifierStart(c)) {
            int end = at + 1;
            while (end < text.length() && isIdentifierPart(text.charAt(end))) {
                end++;
            }
            String word = text.substring(at, end);
            Kind keyword = KEYWORDS.get(word.toUpperCase(Locale.ROOT));
            return new SqlToken(keyword == null ? Kind.IDENTIFIER : keyword, word, position);
        }
        if (isDigit(c) || c == '.' && at + 1 < text.length() && isDigit(text.charAt(at + 1))) {
            return number(text, at);
        }
        if (c == '\'') {
            return new SqlToken(Kind.STRING, string(text, at), position);
        }
        String two = at + 1 < text.length() ? text.substring(at, at + 2) : "";
        return switch (two) {
            case "<>" -> new SqlToken(Kind.NOT_EQUAL, two, position);
            case ">=" -> new SqlToken(Kind.GREATER_EQUAL, two, position);
            case "<=" -> new SqlToken(Kind.LESS_EQUAL, two, position);
            default -> symbol(c, position);
        };
    }

    private static SqlToken symbol(char c, int position) throws SqlParseException {
        Kind kind = switch (c) {
            case '=' -> Kind.EQUAL;
            case '>' -> Kind.GREATER;
            case '<' -> Kind.LESS;
            case '(' -> Kind.LEFT_PAREN;
            case ')' -> Kind.RIGHT_PAREN;
            case ',' -> Kind.COMMA;
            case '+' -> Kind.PLUS;
            case '-' -> Kind.MINUS;
            default -> throw new SqlParseException("unexpected character '" + c + "'", position);
        };
        return new SqlToken(kind, String.valueOf(c), position);
    }

    /** A number token, longest match first: a point or an exponent makes it a decimal. */
    private static SqlToken number(String text, int at) {
        int end = digits(text, at);
        boolean decimal = false;
        if (end < text.length() && text.charAt(end) == '.') {
            decimal = true;
            end = digits(text, end + 1);
        }
        int exponentEnd = exponent(text, end);
        if (exponentEnd > end) {
            decimal = true;
            end = exponentEnd;
        }
        if (decimal) {
            return new SqlToken(Kind.FLOAT, text.substring(at, end), at + 1);
        }
        if (text.charAt(at) == '0') {
            return new SqlToken(Kind.DECIMAL, "0", at + 1); // "0" | [1-9][0-9]*: 007 is three tokens
        }
        if (end < text.length() && (text.charAt(end) == 'l' || text.charAt(end) == 'L')) {
            end++;
        }
        return new SqlToken(Kind.DECIMAL, text.substring(at, end), at + 1);
    }

    private static int digits(String text, int from) {
        int at = from;
        while (at < text.length() && isDigit(text.charAt(at))) {
            at++;
        }
        return at;
    }

    /** The end of an exponent ([eE][+-]?[0-9]+) at {@code from}, or {@code from} when there is none. */
    private static int exponent(String text, int from) {
        if (from >= text.length() || (text.charAt(from) != 'e' && text.charAt(from) != 'E')) {
            return from;
        }
        int at = from + 1;
        if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
            at++;
        }
        int end = digits(text, at);
        return end > at ? end : from;
    }

    private static String string(String text, int at) throws SqlParseException {
        StringBuilder value = new StringBuilder();
        int i = at + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                    value.append('\'');
                    i += 2;
                    continue;
                }
                return value.toString();
            }
            value.append(c);
            i++;
        }
        throw new SqlParseException("unterminated string literal", at + 1);
    }

    private static int endOfString(String text, int at) {
        int i = at + 1;
        while (true) {
            if (text.charAt(i) == '\'') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c);
    }
}
