package io.apogee.broker.metrics;

import io.apogee.broker.ha.ReplicaAcks;
import io.apogee.broker.timer.TimerStatus;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's services: transactions ({@code rocketmq_half_messages}, {@code rocketmq_commit_messages_total},
 * {@code rocketmq_rollback_messages_total}), dead letters ({@code rocketmq_send_to_dlq_messages_total}, per group,
 * from the ends of the {@code %DLQ%} topics' queues), the timer ({@code rocketmq_timer_enqueue_lag},
 * {@code rocketmq_timer_dequeue_latency}, {@code rocketmq_timing_messages}), and on a master, replication
 * ({@code apogee_replication_slaves}, {@code apogee_replication_lag_bytes}).
 *
 * <p>Thread-safe: a scrape only reads the sources and the label cache.
 */
final class ServiceMetrics {
    private static final String DLQ_PREFIX = "%DLQ%";
    private static final long MILLIS_PER_SECOND = 1_000;
    private static final TimerStatus NO_TIMER = new TimerStatus(0, 0, 0, 0, 0);
    private static final MetricMetadata HALF = new MetricMetadata("rocketmq_half_messages",
        "Half messages not yet committed or rolled back");
    private static final MetricMetadata COMMITS = new MetricMetadata("rocketmq_commit_messages",
        "Total number of commit messages");
    private static final MetricMetadata ROLLBACKS = new MetricMetadata("rocketmq_rollback_messages",
        "Total number of rollback messages");
    private static final MetricMetadata DLQ = new MetricMetadata("rocketmq_send_to_dlq_messages",
        "Consumer send to DLQ messages");
    private static final MetricMetadata TIMER_LAG = new MetricMetadata("rocketmq_timer_enqueue_lag",
        "Timer enqueue messages lag");
    private static final MetricMetadata TIMER_LATENCY = new MetricMetadata(
        "rocketmq_timer_dequeue_latency_milliseconds", "Timer dequeue latency", new Unit("milliseconds"));
    private static final MetricMetadata TIMING = new MetricMetadata("rocketmq_timing_messages",
        "Timer messages loaded and waiting for their time");
    private static final MetricMetadata SLAVES = new MetricMetadata("apogee_replication_slaves",
        "Slaves connected to this master");
    private static final MetricMetadata REPLICATION_LAG = new MetricMetadata("apogee_replication_lag_bytes",
        "Commit-log bytes the most advanced slave has not acknowledged yet", Unit.BYTES);

    private final MetricLabels labels;
    private final MetricsSources sources;

    ServiceMetrics(MetricLabels labels, MetricsSources sources) {
        this.labels = labels;
        this.sources = sources;
    }

    /** Adds the families to {@code scrape}. */
    void collect(Scrape scrape) {
        scrape.gauge(HALF, sources.halfMessages().getAsLong(), labels.base());
        scrape.counters(COMMITS, perTopic(sources.commits()));
        scrape.counters(ROLLBACKS, perTopic(sources.rollbacks()));
        List<CounterDataPointSnapshot> dlq = new ArrayList<>();
        scrape.statistics().putsByTopic().forEach((topic, count) -> {
            if (topic.startsWith(DLQ_PREFIX)) {
                dlq.add(Scrape.counterPoint(count, labels.group(topic.substring(DLQ_PREFIX.length()))));
            }
        });
        scrape.counters(DLQ, dlq);
        TimerStatus timer = sources.timer().get();
        timer = timer == null ? NO_TIMER : timer;
        scrape.gauge(TIMER_LAG, timer.offsetBehind(), labels.base());
        scrape.gauge(TIMER_LATENCY, timer.readBehindSeconds() * MILLIS_PER_SECOND, labels.base());
        scrape.gauge(TIMING, timer.loaded(), labels.base());
        ReplicaAcks replicas = sources.replicas();
        if (replicas != null) {
            scrape.gauge(SLAVES, replicas.connectedSlaves(), labels.base());
            long acked = replicas.ackedOffset();
            if (replicas.connectedSlaves() > 0 && acked >= 0) {
                scrape.gauge(REPLICATION_LAG, Math.max(0, sources.store().logEnd() - acked),
                    labels.base());
            }
        }
    }

    private List<CounterDataPointSnapshot> perTopic(TopicCounters counters) {
        List<CounterDataPointSnapshot> points = new ArrayList<>();
        counters.forEach((topic, count) -> points.add(Scrape.counterPoint(count, labels.topic(topic))));
        return points;
    }
}
