package io.apogee.testsupport.scenario;

/**
 * A message queue as a driver names it. Immutable.
 *
 * @param topic      the topic
 * @param brokerName the broker holding it
 * @param queueId    the queue id
 */
public record QueueRef(String topic, String brokerName, int queueId) {
}
