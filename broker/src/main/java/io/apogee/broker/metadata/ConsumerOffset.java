package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * A consumer group's committed offset in one queue.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param group   the consumer group
 * @param topic   the topic
 * @param queueId the queue
 * @param offset  the next offset the group will consume
 */
public record ConsumerOffset(String group, String topic, int queueId, long offset) {
    /** Checks the fields. */
    public ConsumerOffset {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(topic, "topic");
    }
}
