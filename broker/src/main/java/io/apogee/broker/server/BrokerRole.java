package io.apogee.broker.server;

/** RocketMQ's {@code brokerRole}: whether the broker takes sends and serves slaves, or copies its master. Immutable. */
public enum BrokerRole {
    /** A master that acknowledges a send without waiting for its slaves. */
    ASYNC_MASTER,
    /** A master that acknowledges a send once a slave confirmed its records (docs/replication.md). */
    SYNC_MASTER,
    /** A slave: copies its master's commit log, refuses sends, serves pulls when slaveReadEnable is on. */
    SLAVE;

    /** Whether this role takes sends and serves slaves. */
    public boolean isMaster() {
        return this != SLAVE;
    }
}
