package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * A consumer group as the broker configures it (the fields of RocketMQ's {@code SubscriptionGroupConfig} that
 * change behaviour).
 *
 * <p>Immutable; safe for any thread.
 *
 * @param name                   the group
 * @param consumeEnabled         whether the group may consume
 * @param fromMinEnabled         whether a new group starts from the min offset
 * @param broadcastEnabled       whether broadcast consumption is allowed
 * @param retryQueues            retry queues of the group
 * @param retryMaxTimes          deliveries before a message goes to the dead-letter queue
 * @param brokerId               the broker the group reads from
 * @param slowConsumerBrokerId   the broker a slow consumer is sent to
 * @param notifyIdsChanged       whether consumers are told when the group's membership changes
 */
public record SubscriptionGroup(String name, boolean consumeEnabled, boolean fromMinEnabled, boolean broadcastEnabled,
    int retryQueues, int retryMaxTimes, long brokerId, long slowConsumerBrokerId, boolean notifyIdsChanged) {
    /** Checks the fields. */
    public SubscriptionGroup {
        Objects.requireNonNull(name, "name");
    }
}
