package io.apogee.broker.filter;

import io.apogee.broker.filter.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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
 * <p>Unlike RocketMQ, whose parser has no bounds, an expression longer than {@link SqlLimits#maxLength()} or nesting
 * deeper than {@link SqlLimits#maxDepth()} is refused, so neither compiling nor evaluating can overflow a stack. AND
 * and OR chains compile to one flat condition each, which counts as one level however long the chain.
 *
 * <p>Not thread-safe: one instance per expression, used once.
 */
public final class SqlCompiler {
    private final String expression;
    private final List<SqlToken> tokens;
    private final int maxDepth;
    private int next;
    private int nesting;

    private SqlCompiler(String expression, List<SqlToken> tokens, int maxDepth) {
        this.expression = expression;
        this.tokens = tokens;
        this.maxDepth = maxDepth;
    }

    /** {@link #compile(String, SqlLimits)} within the default limits. */
    public static SqlFilter compile(String expression) throws SqlParseException {
        return compile(expression, SqlLimits.DEFAULT);
    }

    /**
     * The filter of {@code expression}, or an exception naming what is wrong, where, and the token found there; past
     * one of {@code limits}, the exception names the limit and its setting.
     */
    public static SqlFilter compile(String expression, SqlLimits limits) throws SqlParseException {
        if (expression == null || expression.isBlank()) {
            throw new SqlParseException("empty expression", 1);
        }
        if (expression.length() > limits.maxLength()) {
            throw new SqlParseException("expression of " + expression.length() + " characters is longer than "
                + SqlLimits.MAX_LENGTH_KEY + " (" + limits.maxLength() + ")", limits.maxLength() + 1);
        }
        SqlCompiler compiler = new SqlCompiler(expression, SqlLexer.tokens(expression), limits.maxDepth());
        Operand result = compiler.or();
        SqlToken end = compiler.peek();
        if (end.kind() != Kind.END) {
            throw compiler.unexpected(end, "an operator or the end of the expression");
        }
        return new SqlFilter(expression, compiler.asCondition(result));
    }

    private Operand or() throws SqlParseException {
        return chain(Kind.OR, this::and, Logic::or);
    }

    private Operand and() throws SqlParseException {
        return chain(Kind.AND, this::equality, Logic::and);
    }

    /** One flat condition for a whole chain of {@code operator}, so its length adds no depth. */
    private Operand chain(Kind operator, Term term, Function<Condition[], Condition> combine) throws SqlParseException {
        Operand first = term.parse();
        if (peek().kind() != operator) {
            return first;
        }
        List<Condition> terms = new ArrayList<>();
        int height = first.height;
        String text = first.text;
        int position = peek().position();
        while (peek().kind() == operator) {
            take();
            Operand next = term.parse();
            if (terms.isEmpty()) {
                terms.add(asCondition(first)); // after the right side parsed, as RocketMQ checks them
            }
            terms.add(asCondition(next));
            height = Math.max(height, next.height);
            text = SqlText.join(text, " ", operator.name(), " ", next.text);
        }
        return condition(combine.apply(terms.toArray(Condition[]::new)), text, position, height);
    }

    /** One level of the grammar. */
    @FunctionalInterface
    private interface Term {
        /** The term at the next token. */
        Operand parse() throws SqlParseException;
    }

    /** A condition over parts at most {@code height} deep, refused when it would nest past the limit. */
    private Operand condition(Condition condition, String text, int position, int height) throws SqlParseException {
        if (height + 1 > maxDepth) {
            throw tooDeep(position);
        }
        return Operand.condition(condition, text, position, height + 1);
    }

    private SqlParseException tooDeep(int position) {
        return new SqlParseException("expression nests deeper than " + SqlLimits.MAX_DEPTH_KEY + " (" + maxDepth + ")",
            position);
    }

    /** Enters one level of the parser's recursion (a parenthesis or a prefix operator), refused past the limit. */
    private void enter(SqlToken token) throws SqlParseException {
        if (++nesting > maxDepth) {
            throw tooDeep(token.position());
        }
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
                left = condition(not ? Logic.not(equal) : equal, SqlText.join(left.text, " ", token.text(), " ", right.text),
                    token.position(), Math.max(left.height, right.height));
            } else if (token.kind() == Kind.IS) {
                take();
                boolean not = peek().kind() == Kind.NOT;
                if (not) {
                    take();
                }
                expect(Kind.NULL, not ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
                Condition isNull = new Comparison(Comparison.Operator.EQUAL, left, Operand.nullValue("NULL", token.position(), true));
                left = condition(not ? Logic.not(isNull) : isNull,
                    SqlText.join(left.text, not ? " IS NOT NULL" : " IS NULL"), token.position(), left.height);
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
        return condition(new Comparison(operator, left, right), SqlText.join(left.text, " ", token.text(), " ", right.text),
            token.position(), Math.max(left.height, right.height));
    }

    private Operand textMatch(Operand left, boolean not, SqlToken operator) throws SqlParseException {
        skipNot(not);
        take();
        String search = expect(Kind.STRING, "a string literal after " + operator.text().toUpperCase(java.util.Locale.ROOT)).text();
        TextMatch.Kind kind = TextMatch.Kind.valueOf(operator.kind().name());
        return condition(new TextMatch(kind, left, search, not),
            SqlText.join(left.text, not ? " NOT " : " ", kind.name(), " '", search, "'"), operator.position(), left.height);
    }

    private Operand between(Operand value, boolean not, SqlToken operator) throws SqlParseException {
        skipNot(not);
        take();
        Operand low = unary();
        expect(Kind.AND, "AND between the bounds of BETWEEN");
        Operand high = unary();
        String text = SqlText.join(value.text, not ? " NOT BETWEEN " : " BETWEEN ", low.text, " AND ", high.text);
        int height = Math.max(value.height, Math.max(low.height, high.height)) + 1;
        if (not) {
            Condition below = condition(ordered(Comparison.Operator.LESS, value, low, operator));
            Condition above = condition(ordered(Comparison.Operator.GREATER, value, high, operator));
            return condition(Logic.or(below, above), text, operator.position(), height);
        }
        if (low.literal && high.literal) {
            checkBounds(low, high, operator);
        }
        Condition atLeast = condition(ordered(Comparison.Operator.GREATER_EQUAL, value, low, operator));
        Condition atMost = condition(ordered(Comparison.Operator.LESS_EQUAL, value, high, operator));
        return condition(Logic.and(atLeast, atMost), text, operator.position(), height);
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
        return condition(new Membership(value.name, values, not),
            SqlText.join(value.text, not ? " NOT IN " : " IN ", values.toString()), operator.position(), 0);
    }

    private void skipNot(boolean not) {
        if (not) {
            take();
        }
    }

    private Operand unary() throws SqlParseException {
        SqlToken token = peek();
        if (token.kind() != Kind.PLUS && token.kind() != Kind.MINUS && token.kind() != Kind.NOT) {
            return primary();
        }
        take();
        enter(token);
        Operand operand = unary();
        nesting--;
        return switch (token.kind()) {
            case PLUS -> operand;
            case MINUS -> operand.negate(token.position());
            default -> condition(Logic.not(asCondition(operand)), SqlText.join("NOT ", operand.text), token.position(),
                operand.height);
        };
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
                enter(token);
                Operand inner = or();
                nesting--;
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
