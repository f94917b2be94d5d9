package io.apogee.broker.filter;

import io.apogee.broker.filter.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles an SQL92 filter expression into a {@link Condition} tree by recursive descent over RocketMQ's grammar,
 * lowest precedence first:
 *
 * <pre>
 *   expression := or END                                   (must be a condition)
 *   or         := and ( OR and )*
 *   and        := equality ( AND equality )*
 *   equality   := comparison ( '=' comparison | '&lt;&gt;' comparison | IS NULL | IS NOT NULL )*
 *   comparison := unary ( ('&gt;' | '&gt;=' | '&lt;' | '&lt;=') unary
 *                       | [NOT] (CONTAINS | STARTSWITH | ENDSWITH) string
 *                       | [NOT] BETWEEN unary AND unary
 *                       | [NOT] IN '(' string ( ',' string )* ')' )*
 *   unary      := '+' unary | '-' unary | NOT unary | primary
 *   primary    := string | integer | decimal | TRUE | FALSE | NULL | identifier | '(' or ')'
 * </pre>
 *
 * and RocketMQ's compile-time checks: only numbers (or properties) are ordered, NULL is never compared with
 * {@code =}, a TRUE or FALSE literal is compared only with another, BETWEEN's literal bounds are not NULL and
 * ascend, IN applies to a property, AND, OR and NOT take conditions or properties. A decimal literal must be
 * finite and at least {@link Double#MIN_VALUE} (so RocketMQ refuses {@code 0.0}, and so does this). Unlike
 * RocketMQ, which stops at the first complete expression and silently drops what follows ({@code a > 5 b}), tokens
 * after the expression are refused.
 *
 * <p>Not thread-safe: one instance per expression, used once.
 */
public final class SqlCompiler {
    private final String expression;
    private final List<SqlToken> tokens;
    private int next;

    private SqlCompiler(String expression, List<SqlToken> tokens) {
        this.expression = expression;
        this.tokens = tokens;
    }

    /** The filter of {@code expression}, or an exception naming what is wrong, where, and the token found there. */
    public static SqlFilter compile(String expression) throws SqlParseException {
        if (expression == null || expression.isBlank()) {
            throw new SqlParseException("empty expression", 1);
        }
        SqlCompiler compiler = new SqlCompiler(expression, SqlLexer.tokens(expression));
        Operand result = compiler.or();
        SqlToken end = compiler.peek();
        if (end.kind() != Kind.END) {
            throw compiler.unexpected(end, "an operator or the end of the expression");
        }
        return new SqlFilter(expression, compiler.asCondition(result));
    }

    private Operand or() throws SqlParseException {
        Operand left = and();
        while (peek().kind() == Kind.OR) {
            SqlToken or = take();
            Operand right = and();
            left = Operand.condition(Logic.or(asCondition(left), asCondition(right)), left + " OR " + right, or.position());
        }
        return left;
    }

    private Operand and() throws SqlParseException {
        Operand left = equality();
        while (peek().kind() == Kind.AND) {
            SqlToken and = take();
            Operand right = equality();
            left = Operand.condition(Logic.and(asCondition(left), asCondition(right)), left + " AND " + right, and.position());
        }
        return left;
    }

    private Operand equality() throws SqlParseException {
        Operand left = comparison();
        while (true) {
            SqlToken token = peek();
            if (token.kind() == Kind.EQUAL || token.kind() == Kind.NOT_EQUAL) {
                take();
                Operand right = comparison();
                checkEqualOperands(left, right, token);
                Condition equal = new Comparison(Comparison.Operator.EQUAL, left, right);
                boolean not = token.kind() == Kind.NOT_EQUAL;
                left = Operand.condition(not ? Logic.not(equal) : equal, left + " " + token.text() + " " + right,
                    token.position());
            } else if (token.kind() == Kind.IS) {
                take();
                boolean not = peek().kind() == Kind.NOT;
                if (not) {
                    take();
                }
                expect(Kind.NULL, not ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
                Condition isNull = new Comparison(Comparison.Operator.EQUAL, left, Operand.nullValue("NULL", token.position(), true));
                left = Operand.condition(not ? Logic.not(isNull) : isNull, left + (not ? " IS NOT NULL" : " IS NULL"),
                    token.position());
            } else {
                return left;
            }
        }
    }

    private Operand comparison() throws SqlParseException {
        Operand left = unary();
        while (true) {
            SqlToken token = peek();
            Comparison.Operator order = orderOperator(token.kind());
            if (order != null) {
                take();
                Operand right = unary();
                left = ordered(order, left, right, token);
                continue;
            }
            boolean not = token.kind() == Kind.NOT && isNegatable(peekAfter().kind());
            SqlToken operator = not ? peekAfter() : token;
            switch (operator.kind()) {
                case CONTAINS, STARTSWITH, ENDSWITH -> left = textMatch(left, not, operator);
                case BETWEEN -> left = between(left, not, operator);
                case IN -> left = membership(left, not, operator);
                default -> {
                    return left;
                }
            }
        }
    }

    private static Comparison.Operator orderOperator(Kind kind) {
        return switch (kind) {
            case GREATER -> Comparison.Operator.GREATER;
            case GREATER_EQUAL -> Comparison.Operator.GREATER_EQUAL;
            case LESS -> Comparison.Operator.LESS;
            case LESS_EQUAL -> Comparison.Operator.LESS_EQUAL;
            default -> null;
        };
    }

    private static boolean isNegatable(Kind kind) {
        return kind == Kind.CONTAINS || kind == Kind.STARTSWITH || kind == Kind.ENDSWITH || kind == Kind.BETWEEN
            || kind == Kind.IN;
    }

    private Operand ordered(Comparison.Operator operator, Operand left, Operand right, SqlToken token)
        throws SqlParseException {
        checkOrderable(left, token);
        checkOrderable(right, token);
        return Operand.condition(new Comparison(operator, left, right), left + " " + token.text() + " " + right,
            token.position());
    }

    private Operand textMatch(Operand left, boolean not, SqlToken operator) throws SqlParseException {
        skipNot(not);
        take();
        String search = expect(Kind.STRING, "a string literal after " + operator.text().toUpperCase(java.util.Locale.ROOT)).text();
        TextMatch.Kind kind = TextMatch.Kind.valueOf(operator.kind().name());
        return Operand.condition(new TextMatch(kind, left, search, not),
            left + (not ? " NOT " : " ") + kind + " '" + search + "'", operator.position());
    }

    private Operand between(Operand value, boolean not, SqlToken operator) throws SqlParseException {
        skipNot(not);
        take();
        Operand low = unary();
        expect(Kind.AND, "AND between the bounds of BETWEEN");
        Operand high = unary();
        String text = value + (not ? " NOT BETWEEN " : " BETWEEN ") + low + " AND " + high;
        if (not) {
            Condition below = condition(ordered(Comparison.Operator.LESS, value, low, operator));
            Condition above = condition(ordered(Comparison.Operator.GREATER, value, high, operator));
            return Operand.condition(Logic.or(below, above), text, operator.position());
        }
        if (low.literal && high.literal) {
            checkBounds(low, high, operator);
        }
        Condition atLeast = condition(ordered(Comparison.Operator.GREATER_EQUAL, value, low, operator));
        Condition atMost = condition(ordered(Comparison.Operator.LESS_EQUAL, value, high, operator));
        return Operand.condition(Logic.and(atLeast, atMost), text, operator.position());
    }

    private static void checkBounds(Operand low, Operand high, SqlToken operator) throws SqlParseException {
        if (low.kind == Operand.NULL || high.kind == Operand.NULL) {
            throw new SqlParseException("the bounds of BETWEEN cannot be NULL", operator.position());
        }
        int order = OperandValues.compare(high.kind, OperandValues.load(high, null), high.bytes, low.kind,
            OperandValues.load(low, null), low.bytes);
        if (order == OperandValues.FAILED) {
            throw new SqlParseException("the bounds " + low + " and " + high + " of BETWEEN cannot be compared",
                operator.position());
        }
        if (order < 0) {
            throw new SqlParseException("the lower bound " + low + " of BETWEEN is greater than the upper bound " + high,
                operator.position());
        }
    }

    private Operand membership(Operand value, boolean not, SqlToken operator) throws SqlParseException {
        if (value.kind != Operand.PROPERTY) {
            throw new SqlParseException("IN applies to a property, not to " + value, operator.position());
        }
        skipNot(not);
        take();
        expect(Kind.LEFT_PAREN, "'(' after IN");
        List<String> values = new ArrayList<>();
        values.add(expect(Kind.STRING, "a string literal in the IN list").text());
        while (peek().kind() == Kind.COMMA) {
            take();
            values.add(expect(Kind.STRING, "a string literal in the IN list").text());
        }
        expect(Kind.RIGHT_PAREN, "',' or ')' in the IN list");
        return Operand.condition(new Membership(value.name, values, not),
            value + (not ? " NOT IN " : " IN ") + values, operator.position());
    }

    private void skipNot(boolean not) {
        if (not) {
            take();
        }
    }

    private Operand unary() throws SqlParseException {
        SqlToken token = peek();
        switch (token.kind()) {
            case PLUS -> {
                take();
                return unary();
            }
            case MINUS -> {
                take();
                return unary().negate(token.position());
            }
            case NOT -> {
                take();
                Operand operand = unary();
                return Operand.condition(Logic.not(asCondition(operand)), "NOT " + operand, token.position());
            }
            default -> {
                return primary();
            }
        }
    }

    private Operand primary() throws SqlParseException {
        SqlToken token = take();
        int at = token.position();
        return switch (token.kind()) {
            case STRING -> Operand.string(token.text(), at);
            case DECIMAL -> integer(token);
            case FLOAT -> decimal(token);
            case TRUE -> Operand.bool(true, at);
            case FALSE -> Operand.bool(false, at);
            case NULL -> Operand.nullValue("NULL", at, true);
            case IDENTIFIER -> Operand.property(token.text(), at);
            case LEFT_PAREN -> {
                Operand inner = or();
                expect(Kind.RIGHT_PAREN, "')'");
                yield inner;
            }
            default -> throw unexpected(token, "a value, a property or '('");
        };
    }

    private static Operand integer(SqlToken token) throws SqlParseException {
        String digits = token.text();
        if (digits.endsWith("l") || digits.endsWith("L")) {
            digits = digits.substring(0, digits.length() - 1);
        }
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new SqlParseException("integer " + token.text() + " is out of long range", token.position());
        }
        // RocketMQ keeps an integer that fits as an Integer, and reads properties compared with it as one
        boolean fitsInt = value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
        return Operand.number(fitsInt ? Operand.INT : Operand.LONG, value, token.text(), token.position(), true);
    }

    private static Operand decimal(SqlToken token) throws SqlParseException {
        double value = Double.parseDouble(token.text());
        if (value > Double.MAX_VALUE) {
            throw new SqlParseException("decimal " + token.text() + " is greater than " + Double.MAX_VALUE, token.position());
        }
        if (value < Double.MIN_VALUE) {
            throw new SqlParseException("decimal " + token.text() + " is less than " + Double.MIN_VALUE
                + " (zero and underflowing decimals are refused; write 0 instead)", token.position());
        }
        return Operand.number(Operand.DOUBLE, Double.doubleToRawLongBits(value), token.text(), token.position(), true);
    }

    /** RocketMQ's asBooleanExpression: conditions and boolean literals as they are, a property as a boolean. */
    private Condition asCondition(Operand operand) throws SqlParseException {
        if (operand.kind == Operand.PROPERTY) {
            return Logic.propertyAsBoolean(operand.name);
        }
        if (!operand.isBooleanExpression()) {
            throw new SqlParseException("expression " + operand + " is not a condition", operand.position);
        }
        return condition(operand);
    }

    private static Condition condition(Operand operand) {
        return switch (operand.kind) {
            case Operand.CONDITION -> operand.condition;
            case Operand.BOOLEAN -> Logic.constant(operand.number == 1 ? Condition.TRUE : Condition.FALSE);
            default -> Logic.constant(Condition.UNKNOWN);
        };
    }

    private static void checkOrderable(Operand operand, SqlToken operator) throws SqlParseException {
        if (operand.literal && !operand.isNumber() || operand.isBooleanExpression()) {
            throw new SqlParseException("value " + operand + " cannot be compared with '" + operator.text()
                + "' (only numbers and properties can)", operator.position());
        }
    }

    private static void checkEqualOperands(Operand left, Operand right, SqlToken operator) throws SqlParseException {
        for (Operand operand : new Operand[] {left, right}) {
            if (operand.literal && operand.kind == Operand.NULL) {
                throw new SqlParseException("NULL cannot be compared with '" + operator.text() + "' (use IS NULL)",
                    operator.position());
            }
        }
        if (left.literal && right.literal && left.kind == Operand.BOOLEAN && right.kind != Operand.BOOLEAN) {
            throw new SqlParseException(left + " cannot be compared with " + right, operator.position());
        }
    }

    private SqlToken peek() {
        return tokens.get(next);
    }

    private SqlToken peekAfter() {
        return tokens.get(Math.min(next + 1, tokens.size() - 1));
    }

    private SqlToken take() {
        SqlToken token = tokens.get(next);
        if (token.kind() != Kind.END) {
            next++;
        }
        return token;
    }

    private SqlToken expect(Kind kind, String what) throws SqlParseException {
        SqlToken token = take();
        if (token.kind() != kind) {
            throw unexpected(token, what);
        }
        return token;
    }

    private SqlParseException unexpected(SqlToken token, String expected) {
        return new SqlParseException("expected " + expected + " but found " + token.describe(), token.position());
    }

    /** The expression compiled, for messages. */
    @Override
    public String toString() {
        return expression;
    }
}
