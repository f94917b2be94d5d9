package io.apogee.broker.filter;

import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.PropertiesReader;

/**
 * A compiled SQL92 subscription: every tag code passes the consume-queue step, then a record is kept when its
 * properties make the expression TRUE (UNKNOWN and a failed evaluation are not matches, as in RocketMQ).
 *
 * <p>Immutable; safe for any thread (each reads with its own {@link PropertiesReader}). Evaluation allocates
 * nothing except for rare number shapes ({@link PropertyNumbers}).
 */
public final class SqlFilter implements TagFilter {
    private final String expression;
    private final Condition condition;

    SqlFilter(String expression, Condition condition) {
        this.expression = expression;
        this.condition = condition;
    }

    /** The expression's source text. */
    public String expression() {
        return expression;
    }

    @Override
    public boolean matches(long tagsCode) {
        return true;
    }

    @Override
    public boolean readsProperties() {
        return true;
    }

    @Override
    public boolean matchesProperties(PropertiesReader properties) {
        return condition.evaluate(properties) == Condition.TRUE;
    }

    /** The expression's value for these properties: one of {@link Condition}'s constants. */
    int evaluate(PropertiesReader properties) {
        return condition.evaluate(properties);
    }

    @Override
    public String toString() {
        return expression;
    }
}
