package io.apogee.broker.retry;

import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.store.metadata.SubscriptionGroup;
import io.apogee.store.metadata.SubscriptionGroupTable;
import io.apogee.wire.header.SendMessageRequestHeader;

/**
 * Where a plain send to a group's retry topic {@code %RETRY%<group>} goes, as RocketMQ's send path decides it: a
 * message already consumed its max reconsume times goes to the group's dead-letter topic {@code %DLQ%<group>}
 * instead. Clients send such messages with their own producer: the orderly push consumer once its local retries are
 * spent, and the concurrent one when CONSUMER_SEND_MSG_BACK fails. The send's header carries the message's reconsume
 * times and the consumer's max; without a max the group's own applies, and a group this broker does not know keeps
 * the send where it was sent. A delay level the message carries still applies, now towards the dead-letter topic.
 *
 * <p>Thread-safe: the topic registry and the group table are. A send to a topic of another kind costs one prefix
 * test; only a retry send without a max, or one redirected, allocates (the group's name, the dead-letter topic's).
 */
public final class DeadLetterRoute {
    /** The prefix of a group's dead-letter topic. */
    public static final String PREFIX = "%DLQ%";
    /** RocketMQ's dead-letter queues per group. */
    public static final int QUEUES = 1;

    private final TopicRegistry topics;
    private final SubscriptionGroupTable groups;

    /** Routes into {@code topics}, with the retry limits of {@code groups}. */
    public DeadLetterRoute(TopicRegistry topics, SubscriptionGroupTable groups) {
        this.topics = topics;
        this.groups = groups;
    }

    /** The dead-letter topic of {@code group}. */
    public static String topicOf(String group) {
        return PREFIX + group;
    }

    /**
     * The dead-letter topic (created when missing, with {@link #QUEUES} readable queues) that the send {@code header}
     * describes must go to instead, or null when it stays on its topic.
     */
    public String redirect(SendMessageRequestHeader header) {
        String topic = header.topic();
        if (!topic.startsWith(TopicRegistry.RETRY_PREFIX)) {
            return null;
        }
        String group = null;
        int maxReconsumeTimes = header.maxReconsumeTimes();
        if (!header.hasMaxReconsumeTimes()) {
            group = topic.substring(TopicRegistry.RETRY_PREFIX.length());
            SubscriptionGroup config = groups.get(group);
            if (config == null) {
                return null;
            }
            maxReconsumeTimes = config.retryMaxTimes();
        }
        if (header.reconsumeTimes() < maxReconsumeTimes) {
            return null;
        }
        String deadLetters = topicOf(group != null ? group : topic.substring(TopicRegistry.RETRY_PREFIX.length()));
        topics.createIfAbsent(deadLetters, QUEUES, Permission.READ_WRITE);
        return deadLetters;
    }
}
