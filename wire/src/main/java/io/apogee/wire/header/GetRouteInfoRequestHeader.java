package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_ROUTEINFO_BY_TOPIC (105), to the name server: the route of one topic. Every client sends it for every topic
 * it uses, every 30 s. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic                   name     required       the topic
 *  acceptStandardJsonOnly  boolean  optional       true asks for standard JSON route data whatever the version; never set by the official clients
 *  ns nsd bname oway lo    optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetRouteInfoRequestHeader extends TopicRequestHeader<GetRouteInfoRequestHeader> {
    private static final HeaderSchema<GetRouteInfoRequestHeader> SCHEMA = HeaderSchema.builder(GetRouteInfoRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.optionalBoolean("acceptStandardJsonOnly", h -> h.acceptStandardJsonOnly, (h, v) -> h.acceptStandardJsonOnly = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "acceptStandardJsonOnly", "lo", "nsd")
        .build();

    private String topic;
    private Boolean acceptStandardJsonOnly;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public GetRouteInfoRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /**
     * {@code acceptStandardJsonOnly}: true asks for standard JSON route data whatever the version; never set by
     * the official clients.
     */
    public Boolean acceptStandardJsonOnly() {
        return acceptStandardJsonOnly;
    }

    /** Sets {@code acceptStandardJsonOnly}; null leaves it out. */
    public GetRouteInfoRequestHeader acceptStandardJsonOnly(Boolean value) {
        this.acceptStandardJsonOnly = value;
        return this;
    }

    @Override
    protected GetRouteInfoRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetRouteInfoRequestHeader> schema() {
        return SCHEMA;
    }
}
