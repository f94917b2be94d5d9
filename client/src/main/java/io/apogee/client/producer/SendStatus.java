package io.apogee.client.producer;

/** How a broker stored a message: OK, or stored with a warning (codes 10, 11, 12). Immutable. */
public enum SendStatus {
    /** Stored. */
    SEND_OK,
    /** Stored, but the flush to disk timed out (SYNC_FLUSH brokers). */
    FLUSH_DISK_TIMEOUT,
    /** Stored, but the replication to the slave timed out. */
    FLUSH_SLAVE_TIMEOUT,
    /** Stored, but no slave was available to replicate to. */
    SLAVE_NOT_AVAILABLE
}
