package io.apogee.testsupport.scenario;

/**
 * A push consumer a scenario asks a driver for. Immutable.
 *
 * @param group      the consumer group
 * @param topic      the topic it subscribes to
 * @param expression the tag expression, e.g. "*" or "TagA || TagB", or an SQL92 one when {@code sql}
 * @param from       where a new group starts
 * @param broadcast  broadcast (each member reads everything, offsets on the client) rather than clustering
 * @param retries    when not negative, the listener answers RECONSUME_LATER to every message, and the consumer's max
 *                   reconsume times is this
 * @param sql        whether {@code expression} is SQL92 (a MessageSelector by SQL) rather than tags
 * @param keepRoute  whether it keeps the route it starts with (no name server polls for ten minutes), so that a
 *                   stopped broker's queues stay assigned to it
 */
public record PushSpec(String group, String topic, String expression, StartFrom from, boolean broadcast, int retries,
    boolean sql, boolean keepRoute) {
    /** A clustering consumer of {@code group} on all of {@code topic} from its first offset, consuming each message. */
    public static PushSpec of(String group, String topic) {
        return new PushSpec(group, topic, "*", StartFrom.FIRST_OFFSET, false, -1, false, false);
    }

    /** This consumer asking for every message again later, until it was retried {@code maxReconsumeTimes} times. */
    public PushSpec answeringLater(int maxReconsumeTimes) {
        return new PushSpec(group, topic, expression, from, broadcast, maxReconsumeTimes, sql, keepRoute);
    }

    /** This consumer with tag {@code expression}. */
    public PushSpec expression(String value) {
        return new PushSpec(group, topic, value, from, broadcast, retries, false, keepRoute);
    }

    /** This consumer with SQL92 expression {@code value}, which the broker evaluates over each message's properties. */
    public PushSpec bySql(String value) {
        return new PushSpec(group, topic, value, from, broadcast, retries, true, keepRoute);
    }

    /** This consumer keeping the route it starts with. */
    public PushSpec keepingRoute() {
        return new PushSpec(group, topic, expression, from, broadcast, retries, sql, true);
    }

    /** This consumer starting {@code value}. */
    public PushSpec from(StartFrom value) {
        return new PushSpec(group, topic, expression, value, broadcast, retries, sql, keepRoute);
    }

    /** This consumer in broadcast mode. */
    public PushSpec broadcasting() {
        return new PushSpec(group, topic, expression, from, true, retries, sql, keepRoute);
    }
}
