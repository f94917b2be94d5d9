package io.apogee.broker.server;

/** RocketMQ's {@code flushDiskType}: when a send is acknowledged relative to the disk. Immutable. */
public enum FlushDiskType {
    /** Acknowledged once written to the mapped log; forced in the background. */
    ASYNC_FLUSH,
    /** Acknowledged once forced to the disk. */
    SYNC_FLUSH
}
