package io.apogee.cli.store;

/**
 * A queue: a topic and a queue id. Immutable.
 *
 * @param topic   the topic
 * @param queueId the queue id
 */
record QueueKey(String topic, int queueId) {
}
