package io.apogee.broker.server;

/**
 * The replication settings of a broker, RocketMQ's classic master-slave keys (docs/replication.md). Immutable.
 *
 * @param role               master (ASYNC or SYNC) or slave
 * @param brokerId           0 for a master, above 0 for a slave
 * @param haListenPort       the port a master's slaves connect to; 0 picks a free one
 * @param haMasterAddress    a slave's master "host:haPort", or empty to take the one the name servers name
 * @param heartbeatMillis    haSendHeartbeatInterval: a slave's report and a master's empty frame when idle
 * @param transferBatchBytes haTransferBatchSize: the most log bytes per frame
 * @param slaveReadEnable    whether a slave answers pulls
 * @param slaveTimeoutMillis slaveTimeout: how long a SYNC_MASTER's send waits for a slave's confirmation
 * @param maxGapBytes        haMaxGapNotInSync: how far behind a send a slave may be and still be waited for
 * @param authenticated      haAuthenticationEnabled: a master serves only slaves that sign as its super users, and a
 *                           slave signs with the broker's innerClientAuthenticationCredentials
 * @param metadataSyncMillis how often a slave copies its master's topics, groups and offsets
 * @param inMemoryPercent    accessMessageInMemoryMaxRatio: how far behind, in percent of the machine's memory, a
 *                           consumer is sent to a slave
 * @param fallBehindAlarmMillis how old the oldest record a slave lacks may be before the master logs and reports it
 */
public record Replication(BrokerRole role, long brokerId, int haListenPort, String haMasterAddress, int heartbeatMillis,
    int transferBatchBytes, boolean slaveReadEnable, int slaveTimeoutMillis, int maxGapBytes, boolean authenticated,
    int metadataSyncMillis, int inMemoryPercent, int fallBehindAlarmMillis) {
}
