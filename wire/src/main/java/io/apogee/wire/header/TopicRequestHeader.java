package io.apogee.wire.header;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link RpcRequestHeader} plus the optional key that Apache RocketMQ 5.x adds to topic and queue requests through
 * its {@code TopicRequestHeader}: {@code lo}, true when the queue id is logical (static topics). A broker may ignore
 * it. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class TopicRequestHeader<S extends TopicRequestHeader<S>> extends RpcRequestHeader<S> {
    static final String LOGICAL = "lo";

    /** The RPC keys and {@code lo}, for the field tables of subclasses. */
    static final List<HeaderField<? super TopicRequestHeader<?>>> TOPIC_FIELDS = topicFields();

    private Boolean logical;

    private static List<HeaderField<? super TopicRequestHeader<?>>> topicFields() {
        List<HeaderField<? super TopicRequestHeader<?>>> fields = new ArrayList<>(RPC_FIELDS);
        fields.add(HeaderField.<TopicRequestHeader<?>>optionalBoolean(LOGICAL, h -> h.logical, (h, v) -> h.logical = v));
        return List.copyOf(fields);
    }

    /** {@code lo}: whether the queue id is a logical one, or null. */
    public Boolean logical() {
        return logical;
    }

    /** Sets {@code lo}; null leaves it out. */
    public S logical(Boolean value) {
        this.logical = value;
        return self();
    }
}
