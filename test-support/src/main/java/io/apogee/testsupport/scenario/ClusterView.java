package io.apogee.testsupport.scenario;

import java.util.Map;
import java.util.Set;

/**
 * The cluster table a name server gave a client. Immutable.
 *
 * @param brokersByCluster  the broker names of each cluster
 * @param addressesByBroker the addresses of each broker, by broker id (0 for the master)
 */
public record ClusterView(Map<String, Set<String>> brokersByCluster, Map<String, Map<Long, String>> addressesByBroker) {
    /** Copies the tables. */
    public ClusterView {
        brokersByCluster = Map.copyOf(brokersByCluster);
        addressesByBroker = Map.copyOf(addressesByBroker);
    }
}
