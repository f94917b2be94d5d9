package io.apogee.broker.metrics;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.ha.ReplicaAcks;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.timer.TimerStatus;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What the metrics read, handed over by the broker's wiring: each source is read at scrape time, none is driven by
 * the metrics.
 *
 * <p>Immutable; the sources themselves are safe to read from any thread.
 *
 * @param cluster      the cluster's name, label {@code cluster}
 * @param brokerName   the broker's name, label {@code node_id}
 * @param clock        the broker's clock, for the lag latency
 * @param store        the store: queue ends, positions, disk
 * @param metadata     the topic, group and offset tables
 * @param clients      the connected producers and consumers
 * @param traffic      the bytes sent and the messages and bytes delivered
 * @param halfMessages the transactional half messages not yet resolved
 * @param commits      the transactions committed, by topic
 * @param rollbacks    the transactions rolled back, by topic
 * @param timer        the timer service's latest figures
 * @param replicas     what a master's slaves acknowledged, or null on a slave
 * @param streams      the stream protocol's figures, or null while its port is off or not yet open
 */
public record MetricsSources(String cluster, String brokerName, Clock clock, MessageStore store, BrokerMetadata metadata,
    ClientDirectory clients, TrafficCounters traffic, LongSupplier halfMessages, TopicCounters commits,
    TopicCounters rollbacks, Supplier<TimerStatus> timer, ReplicaAcks replicas, Supplier<StreamFigures> streams) {
}
