package io.apogee.broker.namesrv;

/**
 * One broker's queues of one topic, as a route lists them (RocketMQ's QueueData). Immutable; safe for any thread.
 *
 * @param brokerName  the broker (group) serving the queues
 * @param readQueues  queues consumers read
 * @param writeQueues queues producers write
 * @param perm        the topic's permission bits on that broker
 * @param sysFlag     RocketMQ's topic system flag
 */
public record QueueData(String brokerName, int readQueues, int writeQueues, int perm, int sysFlag) {
}
