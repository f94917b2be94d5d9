package io.apogee.broker.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code rocketmq_message_size}, the size per message of the sends to each topic, as a Prometheus histogram in RocketMQ
 * 5's buckets, read from the striped buckets of {@link MessageSizes} that the send path fills.
 *
 * <p>Thread-safe: a scrape only reads the counters and the label cache.
 */
final class SizeMetrics {
    static final String NAME = "rocketmq_message_size";
    private static final MetricMetadata SIZE = new MetricMetadata(NAME, "Incoming messages size");

    private final MetricLabels labels;
    private final TrafficCounters traffic;

    SizeMetrics(MetricLabels labels, TrafficCounters traffic) {
        this.labels = labels;
        this.traffic = traffic;
    }

    /** Adds the histogram to {@code scrape}. */
    void collect(Scrape scrape) {
        List<HistogramDataPointSnapshot> points = new ArrayList<>();
        traffic.forEachSize((topic, counts, sum) -> points.add(new HistogramDataPointSnapshot(
            ClassicHistogramBuckets.of(MessageSizes.BOUNDS, counts), sum, labels.topic(topic), Exemplars.EMPTY, 0L)));
        if (!points.isEmpty()) {
            scrape.family(new HistogramSnapshot(SIZE, points));
        }
    }
}
