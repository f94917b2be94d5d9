package io.apogee.broker.metrics;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;

/**
 * {@code rocketmq_message_size}, the size per message of the sends to each topic, as a Prometheus histogram in RocketMQ
 * 5's buckets. OpenTelemetry has no asynchronous histogram, and its synchronous one would cost every send a locked
 * record: so the send path fills the striped buckets of {@link MessageSizes} and this collector, registered beside the
 * OpenTelemetry reader on the same endpoint, reads them at scrape time.
 *
 * <p>Thread-safe: runs on the exporter's thread and only reads.
 */
final class MessageSizeCollector implements Collector {
    static final String NAME = "rocketmq_message_size";

    private final TrafficCounters traffic;
    private final String[] baseNames;
    private final String[] baseValues;

    /** Reads the sizes of {@code traffic}; every series carries the labels of the broker {@code brokerName}. */
    MessageSizeCollector(TrafficCounters traffic, String cluster, String brokerName) {
        this.traffic = traffic;
        this.baseNames = new String[] {MetricLabels.CLUSTER.getKey(), MetricLabels.NODE_TYPE.getKey(),
            MetricLabels.NODE_ID.getKey()};
        this.baseValues = new String[] {cluster, MetricLabels.NODE_TYPE_BROKER, brokerName};
    }

    @Override
    public MetricSnapshot collect() {
        HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name(NAME).help("Incoming messages size");
        traffic.forEachSize((topic, counts, sum) -> histogram.dataPoint(
            HistogramSnapshot.HistogramDataPointSnapshot.builder()
                .classicHistogramBuckets(ClassicHistogramBuckets.of(MessageSizes.BOUNDS, counts))
                .sum(sum)
                .labels(Labels.of(baseNames, baseValues).add(MetricLabels.TOPIC.getKey(), topic)
                    .add(MetricLabels.IS_SYSTEM.getKey(), Boolean.toString(MetricLabels.isSystemTopic(topic))))
                .build()));
        return histogram.build();
    }
}
