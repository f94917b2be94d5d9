package io.apogee.broker.failover;

/**
 * One master epoch of a log: the epoch and the commit-log offset its first record went to, as RocketMQ's
 * EpochFileCache keeps them. An epoch's records end where the next epoch starts, or at the log's end. Immutable.
 *
 * @param epoch       the master epoch the controller gave
 * @param startOffset where the master of that epoch wrote its first record
 */
public record EpochEntry(int epoch, long startOffset) {
}
