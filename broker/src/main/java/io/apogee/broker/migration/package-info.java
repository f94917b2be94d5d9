/**
 * Migration in place between Apache RocketMQ 5.4.0 and Apogee on one store directory. The commit log, consume queues
 * and index are laid out alike, so only the metadata differs: RocketMQ keeps its tables as {@code config/*.json},
 * Apogee as {@code config/*.conf}. {@link io.apogee.broker.migration.RocketMqImport} carries RocketMQ's tables into
 * Apogee's at start-up; {@link io.apogee.broker.migration.RocketMqExport} ({@code apogee store export-rocketmq DIR})
 * writes them back for RocketMQ from a cleanly stopped Apogee directory, with RocketMQ's checkpoint.
 *
 * <p>Threads: both run once, on the thread that starts the broker or the command.
 */
package io.apogee.broker.migration;
