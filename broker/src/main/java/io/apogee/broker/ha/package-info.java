/**
 * Master-slave replication in Apache RocketMQ's classic HA protocol ({@link io.apogee.broker.ha.HaFrame}): a master's
 * {@link io.apogee.broker.ha.HaMaster} sends its commit log to slaves from the offset each reports, straight from the
 * mapped segments, and records what each has acknowledged ({@link io.apogee.broker.ha.ReplicaAcks}), which a SYNC_MASTER's store waits on
 * ({@link io.apogee.broker.ha.SlaveConfirmations}); a slave's
 * {@link io.apogee.broker.ha.HaSlave} appends what arrives at exactly its offset. Each runs as one agent on one thread
 * of its own, off the send and pull paths.
 */
package io.apogee.broker.ha;
