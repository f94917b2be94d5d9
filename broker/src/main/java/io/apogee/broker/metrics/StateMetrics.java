package io.apogee.broker.metrics;

import io.apogee.broker.admin.QueueTimes;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreStatistics;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the broker holds and who is connected, read at each scrape: {@code rocketmq_topic_number},
 * {@code rocketmq_consumer_group_number}, {@code rocketmq_producer_connections}, {@code rocketmq_consumer_connections},
 * {@code rocketmq_consumer_lag_messages} per group and topic (the sum over queues of the queue's end less the group's
 * committed offset), {@code rocketmq_consumer_lag_latency} (how long the oldest unconsumed message has waited), both
 * from one walk of the offset table, and the store's {@code rocketmq_storage_size},
 * {@code rocketmq_storage_flush_behind_bytes} and {@code rocketmq_storage_dispatch_behind_bytes}.
 *
 * <p>Thread-safe: a scrape reads tables that are safe to read from any thread; the one-message reader of the lag
 * latency is confined by the lock on this object, as two scrapes may overlap.
 */
final class StateMetrics {
    private static final Unit BYTES = Unit.BYTES;
    private static final Unit MILLISECONDS = new Unit("milliseconds");
    private static final MetricMetadata TOPICS = new MetricMetadata("rocketmq_topic_number", "Active topic number");
    private static final MetricMetadata GROUPS = new MetricMetadata("rocketmq_consumer_group_number",
        "Active subscription group number");
    private static final MetricMetadata PRODUCERS = new MetricMetadata("rocketmq_producer_connections",
        "Producer connections");
    private static final MetricMetadata CONSUMERS = new MetricMetadata("rocketmq_consumer_connections",
        "Consumer connections");
    private static final MetricMetadata LAG = new MetricMetadata("rocketmq_consumer_lag_messages",
        "Consumer lag messages");
    private static final MetricMetadata LAG_LATENCY = new MetricMetadata("rocketmq_consumer_lag_latency_milliseconds",
        "Consumer lag time", MILLISECONDS);
    private static final MetricMetadata SIZE = new MetricMetadata("rocketmq_storage_size_bytes", "Broker storage size",
        BYTES);
    private static final MetricMetadata FLUSH_BEHIND = new MetricMetadata("rocketmq_storage_flush_behind_bytes",
        "Broker flush behind bytes", BYTES);
    private static final MetricMetadata DISPATCH_BEHIND = new MetricMetadata("rocketmq_storage_dispatch_behind_bytes",
        "Broker dispatch behind bytes", BYTES);
    private static final String[] PRODUCER_LABELS = {MetricLabels.LANGUAGE, MetricLabels.VERSION,
        MetricLabels.PROTOCOL_TYPE};
    private static final String[] CONSUMER_LABELS = {MetricLabels.CONSUMER_GROUP, MetricLabels.LANGUAGE,
        MetricLabels.VERSION, MetricLabels.CONSUME_MODE, MetricLabels.PROTOCOL_TYPE, MetricLabels.IS_SYSTEM};

    private final MetricLabels labels;
    private final MetricsSources sources;
    private final Labels storage;
    private final QueueTimes times;

    StateMetrics(MetricLabels labels, MetricsSources sources) {
        this.labels = labels;
        this.sources = sources;
        this.storage = labels.with(new String[] {MetricLabels.STORAGE_TYPE, MetricLabels.STORAGE_MEDIUM},
            new String[] {"local", "disk"});
        this.times = new QueueTimes(sources.store());
    }

    /** Adds the families to {@code scrape}. */
    void collect(Scrape scrape) {
        BrokerMetadata metadata = sources.metadata();
        scrape.gauge(TOPICS, metadata.topics().size(), labels.base());
        scrape.gauge(GROUPS, metadata.groups().size(), labels.base());
        scrape.gauges(PRODUCERS, producerConnections(sources.clients()));
        scrape.gauges(CONSUMERS, consumerConnections(sources.clients()));
        lag(scrape);
        StoreStatistics statistics = scrape.statistics();
        if (statistics.diskTotalBytes() > 0) {
            scrape.gauge(SIZE, statistics.diskTotalBytes() - statistics.diskUsableBytes(), storage);
        }
        scrape.gauge(FLUSH_BEHIND, statistics.bytesToFlush(), storage);
        scrape.gauge(DISPATCH_BEHIND, statistics.bytesToDispatch(), storage);
    }

    private List<GaugeDataPointSnapshot> producerConnections(ClientDirectory clients) {
        Map<Labels, Long> counts = new HashMap<>();
        clients.forEachProducer((group, connection, consumeType) -> counts.merge(labels.with(PRODUCER_LABELS,
            new String[] {connection.language().toLowerCase(Locale.ROOT), Integer.toString(connection.version()),
                MetricLabels.PROTOCOL_REMOTING}), 1L, Long::sum));
        return points(counts);
    }

    private List<GaugeDataPointSnapshot> consumerConnections(ClientDirectory clients) {
        Map<Labels, Long> counts = new HashMap<>();
        clients.forEachConsumer((group, connection, consumeType) -> counts.merge(labels.with(CONSUMER_LABELS,
            new String[] {group, connection.language().toLowerCase(Locale.ROOT), Integer.toString(connection.version()),
                consumeMode(consumeType), MetricLabels.PROTOCOL_REMOTING,
                Boolean.toString(MetricLabels.isSystem("", group))}), 1L, Long::sum));
        return points(counts);
    }

    private static List<GaugeDataPointSnapshot> points(Map<Labels, Long> counts) {
        List<GaugeDataPointSnapshot> points = new ArrayList<>(counts.size());
        counts.forEach((series, count) -> points.add(Scrape.gaugePoint(count, series)));
        return points;
    }

    /** RocketMQ's {@code ConsumeType.getTypeCN()}, in lower case as its label is. */
    private static String consumeMode(String consumeType) {
        return switch (consumeType) {
            case "CONSUME_ACTIVELY" -> "pull";
            case "CONSUME_POP" -> "pop";
            default -> "push";
        };
    }

    /**
     * The lag in messages and in time per group and topic, from one walk of the offset table. The time is now less the
     * store time of the oldest message not committed: the message at the committed offset of each queue that lags (one
     * record header read per such queue); 0 when none lags.
     */
    private void lag(Scrape scrape) {
        MessageStore store = sources.store();
        Map<String, Map<String, Lag>> byGroup = new HashMap<>();
        synchronized (this) {
            for (ConsumerOffset offset : sources.metadata().offsets().all()) {
                Lag lag = byGroup.computeIfAbsent(offset.group(), group -> new HashMap<>())
                    .computeIfAbsent(offset.topic(), topic -> new Lag());
                long behind = store.maxOffset(offset.topic(), offset.queueId()) - offset.offset();
                if (behind > 0) {
                    lag.messages += behind;
                    long stored = times.storeTime(offset.topic(), offset.queueId(), offset.offset());
                    if (stored > 0) {
                        lag.oldest = Math.min(lag.oldest, stored);
                    }
                }
            }
        }
        long now = sources.clock().millis();
        List<GaugeDataPointSnapshot> messages = new ArrayList<>();
        List<GaugeDataPointSnapshot> latency = new ArrayList<>();
        byGroup.forEach((group, topics) -> topics.forEach((topic, lag) -> {
            Labels series = labels.groupAndTopic(group, topic);
            messages.add(Scrape.gaugePoint(lag.messages, series));
            latency.add(Scrape.gaugePoint(lag.oldest == Long.MAX_VALUE ? 0 : Math.max(0, now - lag.oldest), series));
        }));
        scrape.gauges(LAG, messages);
        scrape.gauges(LAG_LATENCY, latency);
    }

    /** One group's lag on one topic, summed over its queues. */
    private static final class Lag {
        private long messages;
        private long oldest = Long.MAX_VALUE;
    }
}
