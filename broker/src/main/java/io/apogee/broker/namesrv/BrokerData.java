package io.apogee.broker.namesrv;

import java.util.SortedMap;

/**
 * One broker group as routes and cluster info list it (RocketMQ's BrokerData): its cluster, its name and the address
 * of each member by broker id (0 is the master). Immutable once built; safe for any thread.
 *
 * @param cluster   the cluster name
 * @param name      the broker name
 * @param addresses "host:port" by broker id
 */
public record BrokerData(String cluster, String name, SortedMap<Long, String> addresses) {
}
