package io.apogee.client.core;

import java.util.Comparator;

/**
 * One queue of a topic on one broker. Sorted as the official client sorts queues before allocating them: by
 * topic, then broker name, then queue id. Immutable.
 *
 * @param topic      the topic
 * @param brokerName the broker holding the queue
 * @param queueId    the queue's id on that broker
 */
public record MessageQueue(String topic, String brokerName, int queueId) implements Comparable<MessageQueue> {
    private static final Comparator<MessageQueue> ORDER = Comparator.comparing(MessageQueue::topic)
        .thenComparing(MessageQueue::brokerName)
        .thenComparingInt(MessageQueue::queueId);

    @Override
    public int compareTo(MessageQueue other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return topic + '@' + brokerName + '#' + queueId;
    }
}
