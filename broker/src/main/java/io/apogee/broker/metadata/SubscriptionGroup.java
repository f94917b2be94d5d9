package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * A consumer group as the broker configures it: the fields of RocketMQ's {@code SubscriptionGroupConfig}, which
 * mqadmin's {@code updateSubGroup} sets and {@code getConsumerConfig} shows. The retry policy and the attributes are
 * kept as the JSON text they were given in and handed back as they came.
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
 * @param orderly                whether the group consumes in order ({@code consumeMessageOrderly})
 * @param sysFlag                RocketMQ's group system flag ({@code groupSysFlag})
 * @param consumeTimeoutMinutes  RocketMQ's {@code consumeTimeoutMinute}
 * @param retryPolicyJson        the {@code groupRetryPolicy} JSON object, or empty for RocketMQ's default
 * @param attributesJson         the {@code attributes} JSON object
 */
public record SubscriptionGroup(String name, boolean consumeEnabled, boolean fromMinEnabled, boolean broadcastEnabled,
    int retryQueues, int retryMaxTimes, long brokerId, long slowConsumerBrokerId, boolean notifyIdsChanged,
    boolean orderly, int sysFlag, int consumeTimeoutMinutes, String retryPolicyJson, String attributesJson) {
    /** RocketMQ's default {@code consumeTimeoutMinute}. */
    public static final int DEFAULT_CONSUME_TIMEOUT_MINUTES = 15;
    /** No attributes. */
    public static final String NO_ATTRIBUTES = "{}";

    /** Checks the fields. */
    public SubscriptionGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(retryPolicyJson, "retryPolicyJson");
        Objects.requireNonNull(attributesJson, "attributesJson");
    }

    /** A group with RocketMQ's defaults for the fields after {@code notifyIdsChanged}. */
    public SubscriptionGroup(String name, boolean consumeEnabled, boolean fromMinEnabled, boolean broadcastEnabled,
        int retryQueues, int retryMaxTimes, long brokerId, long slowConsumerBrokerId, boolean notifyIdsChanged) {
        this(name, consumeEnabled, fromMinEnabled, broadcastEnabled, retryQueues, retryMaxTimes, brokerId,
            slowConsumerBrokerId, notifyIdsChanged, false, 0, DEFAULT_CONSUME_TIMEOUT_MINUTES, "", NO_ATTRIBUTES);
    }
}
