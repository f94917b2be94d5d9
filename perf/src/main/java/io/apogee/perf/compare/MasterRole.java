package io.apogee.perf.compare;

/**
 * The master's role in a scenario that runs a master and one slave of each broker, as both brokers' {@code brokerRole}
 * names it. Immutable.
 */
enum MasterRole {
    /** Acknowledges a send once the slave holds it. */
    SYNC_MASTER,
    /** Acknowledges a send once stored; the slave follows behind. */
    ASYNC_MASTER;

    /** Whether a send's SEND_OK says the slave holds it. */
    boolean waitsForSlave() {
        return this == SYNC_MASTER;
    }
}
