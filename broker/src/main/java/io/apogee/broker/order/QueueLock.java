package io.apogee.broker.order;

/**
 * A message queue as the lock bodies name it: topic, broker name and queue id. Immutable.
 *
 * @param topic      the topic
 * @param brokerName the broker that serves the queue
 * @param queueId    the queue id
 */
public record QueueLock(String topic, String brokerName, int queueId) {
}
