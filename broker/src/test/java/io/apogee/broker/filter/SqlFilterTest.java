package io.apogee.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.message.PropertiesReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SQL92 evaluator against a table of expressions and property maps, each row's expected value also checked
 * against Apache RocketMQ's own filter, so the table states RocketMQ's semantics rather than this implementation's.
 */
class SqlFilterTest {
    private static final int T = Condition.TRUE;
    private static final int F = Condition.FALSE;
    private static final int U = Condition.UNKNOWN;
    private static final int E = Condition.ERROR;

    static Stream<Arguments> table() {
        return Stream.concat(comparisons(), otherConditions());
    }

    private static Stream<Arguments> comparisons() {
        return Stream.of(
            row("a > 5 AND b = 'x'", "a=7;b=x", T),
            row("a > 5 AND b = 'x'", "a=3;b=x", F),
            row("a > 5 AND b = 'x'", "b=x", U), // a missing: unknown, and unknown AND true is unknown
            row("a > 5 AND b = 'x'", "a=7", U),
            row("a > 5 AND b = 'x'", "a=abc;b=x", E), // a non-numeric string compared with a number fails
            row("a > 5 AND b = 'x'", "a=3;b=y", F),
            row("a > 5", "a=7.5", E), // 5 is an Integer: the property is read with Integer.valueOf
            row("a > 5.0", "a=7.5", T),
            row("a > 5.0", "a= 7 ", T), // Double.valueOf trims blanks, Integer.valueOf does not
            row("a > 5", "a= 7", E),
            row("a > 5", "a=+7", T),
            row("a > 5", "a=0007", T),
            row("a > 5", "a=3000000000", E), // out of int range
            row("a > 5L", "a=3000000000", E), // a suffixed literal that fits is still an Integer
            row("a > 2147483648", "a=3000000000", T), // a long literal reads the property as a Long
            row("a < -2147483649", "a=-9223372036854775808", T),
            row("a < 0", "a=-9223372036854775808", E),
            row("a > -5", "a=-3", T),
            row("a > - 5", "a=-3", T),
            row("a > +5", "a=7", T),
            row("a = 5", "a=5", T),
            row("a = 5", "a=05", T),
            row("a = 5", "a=5.0", E),
            row("a = 5.0", "a=5", T),
            row("a = 'x'", "a=x", T),
            row("'x' = a", "a=x", T),
            row("a = 'x'", "", U),
            row("a = b", "", T), // both NULL: equal
            row("a = b", "a=1", F), // only the right side NULL: false
            row("a = b", "b=1", U), // only the left side NULL: unknown
            row("a <> b", "b=1", U),
            row("a <> b", "a=1", T),
            row("a <> b", "", F),
            row("a = b", "a=5;b=5.0", F), // two strings compare as strings for equality
            row("a > b", "a=10;b=9.5", T), // and as doubles for order
            row("a > b", "a=x;b=1", E),
            row("a IS NULL", "", T),
            row("a IS NULL", "a=1", F),
            row("a IS NOT NULL", "a=1", T),
            row("a IS NOT NULL", "", F),
            row("a BETWEEN 1 AND 10", "a=10", T),
            row("a BETWEEN 1 AND 10", "a=11", F),
            row("a BETWEEN 1 AND 10", "", U),
            row("a BETWEEN -5 AND 5.5", "a=-5", T),
            row("a BETWEEN 5 AND -5", "a=0", F), // a negation is no literal: the bounds are not checked
            row("a NOT BETWEEN 1 AND 10", "a=11", T),
            row("a NOT BETWEEN 1 AND 10", "a=5", F),
            row("a NOT BETWEEN 1 AND 10", "", U));
    }

    private static Stream<Arguments> otherConditions() {
        return Stream.of(
            row("TAGS IN ('TagA', 'TagB')", "TAGS=TagB", T),
            row("TAGS IN ('TagA', 'TagB')", "TAGS=TagC", F),
            row("TAGS IN ('TagA', 'TagB')", "", U),
            row("TAGS IN ('a', 'b', 'c', 'd', 'e', 'f')", "TAGS=f", T),
            row("TAGS NOT IN ('TagA')", "TAGS=TagB", T),
            row("TAGS NOT IN ('TagA')", "TAGS=TagA", F),
            row("TAGS NOT IN ('TagA')", "", U),
            row("(a) IN ('1')", "a=1", T),
            row("s CONTAINS 'lo w'", "s=hello world", T),
            row("s CONTAINS 'xyz'", "s=hello world", F),
            row("s CONTAINS 'x'", "", F), // never unknown
            row("s NOT CONTAINS 'xyz'", "s=hello", T),
            row("s NOT CONTAINS 'xyz'", "", F),
            row("s STARTSWITH 'he'", "s=hello", T),
            row("s STARTSWITH 'lo'", "s=hello", F),
            row("s NOT STARTSWITH 'he'", "s=hello", F),
            row("s ENDSWITH 'lo'", "s=hello", T),
            row("s NOT ENDSWITH 'he'", "s=hello", T),
            row("s ENDSWITH 'hello!'", "s=hello", F),
            row("s CONTAINS ''", "s=hello", F), // an empty search string matches nothing, with or without NOT
            row("s NOT ENDSWITH ''", "s=hello", F),
            row("'abc' CONTAINS 'b'", "", T),
            row("5 CONTAINS '5'", "", F),
            row("s CONTAINS 'é'", "s=héllo", T),
            row("s = 'héllo'", "s=héllo", T),
            row("NOT (a > 5)", "a=7", F),
            row("NOT (a > 5)", "a=3", T),
            row("NOT (a > 5)", "", U),
            row("a > 5 OR b = 'x'", "b=x", T),
            row("a > 5 OR b = 'x'", "b=y", U),
            row("a > 5 OR b = 'x'", "a=3;b=y", F),
            row("a > 5 OR b = 'x'", "a=abc;b=x", E), // the left side fails first
            row("b = 'x' OR a > 5", "a=abc;b=x", T), // the right side is never evaluated
            row("b = 'y' AND a > 5", "a=abc;b=x", F),
            row("a", "a=true", F), // a property as a condition is never true: its value is a string
            row("a", "", U),
            row("NOT a", "a=true", T),
            row("TRUE", "", T),
            row("FALSE", "", F),
            row("NULL", "", U),
            row("FALSE OR NULL", "", U),
            row("t = TRUE", "t=TRUE", T), // Boolean.valueOf ignores case
            row("t = TRUE", "t=yes", F),
            row("TRUE = t", "t=true", E), // RocketMQ casts the boolean to a string and fails
            row("TRUE = FALSE", "", F),
            row("5 = TRUE", "", F), // different types compare as unequal
            row("5 = 5.0", "", T),
            row("-a = 5", "a=-5", U), // only numbers negate; the negation of a property is NULL
            row("(a > 5) = TRUE", "a=7", T),
            row("NOT a = 5", "a=5", F), // NOT binds to a: (NOT a) = 5 compares a boolean with a number
            row("NOT a = 5", "", U),
            row("a > 1.5E1", "a=16", T),
            row("a >= .5", "a=0.5", T),
            row("a >= 5.", "a=5", T),
            row("a > 1.0", "a=NaN", T), // Double.compare puts NaN above everything
            row("a > 1.0", "a=Infinity", T),
            row("a > 1.0", "a=0x10", E),
            row("a > 1.0", "a=0x1p4", T),
            row("a >= 1.0", "a=1d", T),
            row("a > 1.0", "a=1e1", T),
            row("a < 1.0", "a=-.5e1", T),
            row("a = 1.0", "a=1.00000000000000000001", T),
            row("a = 123.456", "a=123.456", T),
            row("a = 0.1", "a=.1", T),
            row("a > 5", "a=٣٣", T), // Integer.valueOf takes any Unicode decimal digit
            row("b = 'it''s'", "b=it's", T),
            row("a > 5 /* a comment */ AND b = 'x' -- the end\n", "a=7;b=x", T),
            row("a > 5 and b is not null Or c between 1 and 2", "a=7;b=x", T),
            row("Ab = 1", "ab=1", U), // identifiers keep their case
            row("$a_1 = 1", "$a_1=1", T),
            row("a = a", "", T),
            row("(a > 1) = (b > 1)", "a=2;b=0", F),
            row("- (a > 1) = 5", "a=x", E)); // the negated condition is still evaluated, and fails
    }

    private static Arguments row(String expression, String properties, int expected) {
        return Arguments.of(expression, properties, expected);
    }

    @ParameterizedTest(name = "[{index}] {0} with {1}")
    @MethodSource("table")
    void evaluatesAsRocketMqDoes(String expression, String text, int expected) throws Exception {
        Map<String, String> properties = Properties.parse(text);
        assertThat(RocketMqSelector.evaluate(expression, properties)).as("RocketMQ's value").isEqualTo(expected);
        SqlFilter filter = SqlCompiler.compile(expression);
        assertThat(filter.evaluate(Properties.reader(properties))).as("value").isEqualTo(expected);
        assertThat(filter.matchesProperties(Properties.reader(properties))).isEqualTo(expected == T);
        assertThat(filter.matches(0)).isTrue();
        assertThat(filter.readsProperties()).isTrue();
    }

    static Stream<Arguments> errors() {
        return Stream.of(
            error(" ", "empty expression", 1),
            error("a >", "expected a value, a property or '(' but found the end of the expression", 4),
            error("a > 'x'", "value 'x' cannot be compared with '>'", 3),
            error("a = NULL", "NULL cannot be compared with '='", 3),
            error("NULL <> a", "NULL cannot be compared with '<>'", 6),
            error("TRUE = 5", "TRUE cannot be compared with 5", 6),
            error("TRUE = 'x'", "TRUE cannot be compared with 'x'", 6),
            error("a BETWEEN 10 AND 1", "the lower bound 10 of BETWEEN is greater than the upper bound 1", 3),
            error("a BETWEEN NULL AND 1", "the bounds of BETWEEN cannot be NULL", 3),
            error("a BETWEEN 'x' AND 5", "the bounds 'x' and 5 of BETWEEN cannot be compared", 3),
            error("a BETWEEN 'a' AND 'b'", "value 'a' cannot be compared with 'BETWEEN'", 3),
            error("a BETWEEN 1 OR 2", "expected AND between the bounds of BETWEEN but found 'OR'", 13),
            error("'x' IN ('a')", "IN applies to a property, not to 'x'", 5),
            error("a IN (1, 2)", "expected a string literal in the IN list but found '1'", 7),
            error("a IN ()", "expected a string literal in the IN list but found ')'", 7),
            error("a IN ('x' 'y')", "expected ',' or ')' in the IN list but found string 'y'", 11),
            error("a IN 'x'", "expected '(' after IN but found string 'x'", 6),
            error("a CONTAINS b", "expected a string literal after CONTAINS but found 'b'", 12),
            error("a NOT STARTSWITH 5", "expected a string literal after STARTSWITH but found '5'", 18),
            error("5", "expression 5 is not a condition", 1),
            error("'x'", "expression 'x' is not a condition", 1),
            error("-a", "expression -a is not a condition", 1),
            error("a AND 5", "expression 5 is not a condition", 7),
            error("NOT 'x'", "expression 'x' is not a condition", 5),
            // RocketMQ stops at the first complete expression and drops what follows; refused here instead
            lenientError("a > 5 b", "expected an operator or the end of the expression but found 'b'", 7),
            error("a NOT 5", "expected an operator or the end of the expression but found 'NOT'", 3),
            error("007 = a", "expected an operator or the end of the expression but found '0'", 2),
            error("(a > 5", "expected ')' but found the end of the expression", 7),
            lenientError("a > 5)", "expected an operator or the end of the expression but found ')'", 6),
            error("a ! 5", "unexpected character '!'", 3),
            error("a != 5", "unexpected character '!'", 3),
            error("a . b", "unexpected character '.'", 3),
            error("a = 'x", "unterminated string literal", 5),
            error("a > 0.0", "decimal 0.0 is less than 4.9E-324", 5),
            error("a > 1e-400", "decimal 1e-400 is less than 4.9E-324", 5),
            error("a > 1e400", "decimal 1e400 is greater than 1.7976931348623157E308", 5),
            error("a > 99999999999999999999", "integer 99999999999999999999 is out of long range", 5),
            error("NOT a > 5", "value NOT a cannot be compared with '>'", 7),
            error("a > (b > 1)", "value b > 1 cannot be compared with '>'", 3),
            error("a > TRUE", "value TRUE cannot be compared with '>'", 3),
            error("a IS 5", "expected NULL or NOT NULL after IS but found '5'", 6),
            error("a IS NOT 5", "expected NULL after IS NOT but found '5'", 10),
            error("a > 5 /* open", "unterminated /* comment", 7),
            error("a > 5 AND", "expected a value, a property or '(' but found the end of the expression", 10),
            error("a = é", "unexpected character 'é'", 5));
    }

    private static Arguments error(String expression, String message, int position) {
        return Arguments.of(expression, message, position, false);
    }

    private static Arguments lenientError(String expression, String message, int position) {
        return Arguments.of(expression, message, position, true);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("errors")
    void refusesWhatRocketMqRefuses(String expression, String message, int position, boolean rocketMqCompiles) {
        assertThat(RocketMqSelector.compiles(expression)).as("RocketMQ compiles it").isEqualTo(rocketMqCompiles);
        assertThatThrownBy(() -> SqlCompiler.compile(expression))
            .isInstanceOfSatisfying(SqlParseException.class, e -> assertThat(e.position()).isEqualTo(position))
            .hasMessageStartingWith(message).hasMessageEndingWith(" at position " + position);
    }

    @Test
    void lineCommentMayEndTheExpression() throws Exception {
        String expression = "a > 5 -- no line break";
        assertThat(RocketMqSelector.compiles(expression)).isTrue();
        assertThat(SqlCompiler.compile(expression).evaluate(Properties.reader(Map.of("a", "6")))).isEqualTo(T);
    }

    /** The per-message path: every kind of condition, evaluated again and again, allocates nothing. */
    @Test
    void evaluationAllocatesNothing() throws Exception {
        SqlFilter filter = SqlCompiler.compile("a > 5 AND b = 'x' AND c BETWEEN 1.5 AND 10.5 AND TAGS IN ('TagA', 'TagB') "
            + "AND s CONTAINS 'lo' AND s NOT STARTSWITH 'x' AND d IS NULL AND (e <> 3000000000 OR NOT (a < b)) AND a = a");
        PropertiesReader properties = Properties.reader(Map.of("a", "7", "b", "x", "c", "2.25", "TAGS", "TagB",
            "s", "hello", "e", "12"));
        com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int matched = 0;
        for (int i = 0; i < 20_000; i++) {
            matched += filter.matchesProperties(properties) ? 1 : 0; // warm up and link everything first
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            matched += filter.matchesProperties(properties) ? 1 : 0;
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(matched).isEqualTo(120_000);
        // one object per evaluation would be at least 1.6 MB; the bound leaves room for the JIT's one-off allocations
        assertThat(allocated).as("bytes allocated by 100,000 evaluations").isLessThan(64 * 1024);
    }

    @Test
    void nullExpressionIsRefused() {
        assertThatThrownBy(() -> SqlCompiler.compile(null)).isInstanceOf(SqlParseException.class)
            .hasMessage("empty expression at position 1");
    }

    /** Property strings of every awkward shape against every literal type and operator, compared with RocketMQ. */
    @Test
    void readsPropertyNumbersAsRocketMqDoes() throws Exception {
        List<String> values = List.of("7", " 7", "7 ", "7.5", "+7", "-0", "0", "-7", "0007", "1_000", ".5", "5.", "-.5e1",
            "1e3", "1E-3", "1e", "e1", "1d", "1f", "1x", "0x1p3", "0x10", "NaN", "-Infinity", "Infinity", "abc", "-", "+",
            ".", "2147483647", "2147483648", "-2147483648", "-2147483649", "3000000000", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "123456789012345678901234",
            "0.1", "0.30000000000000004", "1e22", "1e23", "4.9e-324", "1.7976931348623157e308", "٣", "true", "TRUE");
        List<String> literals = List.of("5", "-5", "5L", "2147483648", "-2147483649", "5.5", "-5.5", "1e3");
        List<String> operators = List.of("=", "<>", ">", ">=", "<", "<=");
        List<String> failures = new ArrayList<>();
        for (String value : values) {
            Map<String, String> properties = Map.of("a", value, "b", "7.0");
            List<String> expressions = new ArrayList<>(List.of("a > b", "a = b", "b < a", "a = TRUE"));
            for (String literal : literals) {
                for (String operator : operators) {
                    expressions.add("a " + operator + " " + literal);
                    expressions.add(literal + " " + operator + " a");
                }
            }
            for (String expression : expressions) {
                int expected = RocketMqSelector.evaluate(expression, properties);
                int actual = SqlCompiler.compile(expression).evaluate(Properties.reader(properties));
                if (actual != expected) {
                    failures.add(expression + " with a=" + value + ": " + actual + " instead of " + expected);
                }
            }
        }
        assertThat(failures).isEmpty();
    }
}
