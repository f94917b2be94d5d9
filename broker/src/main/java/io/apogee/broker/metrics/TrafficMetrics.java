package io.apogee.broker.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * Messages and bytes in and out: {@code rocketmq_messages_in_total} per topic, from the store's queue ends (every
 * message put, since the store was created, whatever wrote it); {@code rocketmq_throughput_in_total} per topic, the
 * stored bytes clients sent; {@code rocketmq_messages_out_total} and {@code rocketmq_throughput_out_total} per group
 * and topic, what pulls delivered (a redelivered message counts again, as in RocketMQ).
 *
 * <p>Thread-safe: a scrape only reads the sources and the label cache.
 */
final class TrafficMetrics {
    private static final MetricMetadata MESSAGES_IN = new MetricMetadata("rocketmq_messages_in",
        "Total number of incoming messages");
    private static final MetricMetadata THROUGHPUT_IN = new MetricMetadata("rocketmq_throughput_in",
        "Total traffic of incoming messages");
    private static final MetricMetadata MESSAGES_OUT = new MetricMetadata("rocketmq_messages_out",
        "Total number of outgoing messages");
    private static final MetricMetadata THROUGHPUT_OUT = new MetricMetadata("rocketmq_throughput_out",
        "Total traffic of outgoing messages");

    private final MetricLabels labels;
    private final MetricsSources sources;

    TrafficMetrics(MetricLabels labels, MetricsSources sources) {
        this.labels = labels;
        this.sources = sources;
    }

    /** Adds the four families to {@code scrape}. */
    void collect(Scrape scrape) {
        List<CounterDataPointSnapshot> messagesIn = new ArrayList<>();
        scrape.statistics().putsByTopic().forEach((topic, count) ->
            messagesIn.add(Scrape.counterPoint(count, labels.topic(topic))));
        scrape.counters(MESSAGES_IN, messagesIn);
        TrafficCounters traffic = sources.traffic();
        // a deleted topic's counts leave the scrape, as its queue ends do
        traffic.retainTopics(topic -> sources.metadata().topics().get(topic) != null);
        List<CounterDataPointSnapshot> throughputIn = new ArrayList<>();
        traffic.forEachReceived((topic, bytes) -> throughputIn.add(Scrape.counterPoint(bytes, labels.topic(topic))));
        scrape.counters(THROUGHPUT_IN, throughputIn);
        List<CounterDataPointSnapshot> messagesOut = new ArrayList<>();
        List<CounterDataPointSnapshot> throughputOut = new ArrayList<>();
        traffic.forEachDelivered((group, topic, messages, bytes) -> {
            messagesOut.add(Scrape.counterPoint(messages, labels.groupAndTopic(group, topic)));
            throughputOut.add(Scrape.counterPoint(bytes, labels.groupAndTopic(group, topic)));
        });
        scrape.counters(MESSAGES_OUT, messagesOut);
        scrape.counters(THROUGHPUT_OUT, throughputOut);
    }
}
