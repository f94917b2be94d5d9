package io.apogee.broker.namesrv;

import java.util.Map;

/**
 * What one REGISTER_BROKER says: who the broker is, how long it may stay silent, and (from a master) the queues of
 * every topic it serves. Immutable; safe for any thread.
 *
 * @param cluster       the cluster name
 * @param name          the broker name
 * @param address       the broker's client address, "host:port"
 * @param brokerId      0 for a master, the slave's id otherwise
 * @param haAddress     the address its slaves replicate from
 * @param timeoutMillis how long after this registration the broker is dropped unless it registers again
 * @param version       the version of its topic table
 * @param topics        the queues of each topic it serves, by topic
 */
public record BrokerRegistration(String cluster, String name, String address, long brokerId, String haAddress,
    long timeoutMillis, DataVersion version, Map<String, QueueData> topics) {
}
