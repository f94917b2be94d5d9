package io.apogee.testsupport.scenario;

/**
 * A push consumer a scenario asks a driver for. Immutable.
 *
 * @param group      the consumer group
 * @param topic      the topic it subscribes to
 * @param expression the tag expression, e.g. "*" or "TagA || TagB"
 * @param from       where a new group starts
 * @param broadcast  broadcast (each member reads everything, offsets on the client) rather than clustering
 */
public record PushSpec(String group, String topic, String expression, StartFrom from, boolean broadcast) {
    /** A clustering consumer of {@code group} on all of {@code topic} from its first offset. */
    public static PushSpec of(String group, String topic) {
        return new PushSpec(group, topic, "*", StartFrom.FIRST_OFFSET, false);
    }

    /** This consumer with tag {@code expression}. */
    public PushSpec expression(String value) {
        return new PushSpec(group, topic, value, from, broadcast);
    }

    /** This consumer starting {@code value}. */
    public PushSpec from(StartFrom value) {
        return new PushSpec(group, topic, expression, value, broadcast);
    }

    /** This consumer in broadcast mode. */
    public PushSpec broadcasting() {
        return new PushSpec(group, topic, expression, from, true);
    }
}
