package io.apogee.broker.filter;

/**
 * The logical conditions, with SQL's three-valued logic as RocketMQ implements it: AND and OR evaluate the left
 * side first and stop when it decides; NOT keeps UNKNOWN; an error anywhere ends the evaluation.
 *
 * <p>Stateless; the conditions it makes are immutable and safe for any thread.
 */
final class Logic {
    private Logic() {
    }

    /** A literal condition: TRUE, FALSE, or UNKNOWN for NULL. */
    static Condition constant(int value) {
        return properties -> value;
    }

    static Condition and(Condition left, Condition right) {
        return and(new Condition[] {left, right});
    }

    /** All of {@code terms}, evaluated in order as a left-nested chain of ANDs would be. */
    static Condition and(Condition[] terms) {
        return chain(terms, Condition.FALSE, Condition.TRUE);
    }

    static Condition or(Condition left, Condition right) {
        return or(new Condition[] {left, right});
    }

    /** Any of {@code terms}, evaluated in order as a left-nested chain of ORs would be. */
    static Condition or(Condition[] terms) {
        return chain(terms, Condition.TRUE, Condition.FALSE);
    }

    /**
     * {@code terms} in order, in a loop, so a chain of any length is one stack frame deep: the first ERROR or
     * {@code decisive} value ends it; otherwise UNKNOWN if any term was, else {@code otherwise}.
     */
    private static Condition chain(Condition[] terms, int decisive, int otherwise) {
        return properties -> {
            boolean unknown = false;
            for (Condition term : terms) {
                int value = term.evaluate(properties);
                if (value == Condition.ERROR || value == decisive) {
                    return value;
                }
                unknown |= value == Condition.UNKNOWN;
            }
            return unknown ? Condition.UNKNOWN : otherwise;
        };
    }

    static Condition not(Condition operand) {
        return properties -> {
            int value = operand.evaluate(properties);
            return switch (value) {
                case Condition.TRUE -> Condition.FALSE;
                case Condition.FALSE -> Condition.TRUE;
                default -> value;
            };
        };
    }

    /**
     * A property used as a condition ({@code WHERE a}): UNKNOWN when absent, otherwise FALSE, because RocketMQ
     * takes only a Boolean object as true and property values are strings.
     */
    static Condition propertyAsBoolean(String name) {
        return properties -> properties.find(name) ? Condition.FALSE : Condition.UNKNOWN;
    }
}
