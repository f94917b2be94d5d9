package io.apogee.broker.metrics;

import io.apogee.broker.ha.ReplicaAcks;
import io.apogee.broker.timer.TimerStatus;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's services: transactions ({@code rocketmq_half_messages}, {@code rocketmq_commit_messages_total},
 * {@code rocketmq_rollback_messages_total}), dead letters ({@code rocketmq_send_to_dlq_messages_total}, per group,
 * from the ends of the {@code %DLQ%} topics' queues), the timer ({@code rocketmq_timer_enqueue_lag},
 * {@code rocketmq_timer_dequeue_latency}, {@code rocketmq_timing_messages}), and on a master, replication
 * ({@code apogee_replication_slaves}, {@code apogee_replication_lag_bytes}).
 *
 * <p>Thread-safe: the callbacks run on the exporter's thread and only read.
 */
final class ServiceInstruments {
    private static final String DLQ_PREFIX = "%DLQ%";
    private static final long MILLIS_PER_SECOND = 1_000;

    private ServiceInstruments() {
    }

    /** Registers the instruments on {@code meter}; closing what it returns removes them. */
    static List<AutoCloseable> register(Meter meter, MetricLabels labels, MetricsSources sources) {
        List<AutoCloseable> instruments = new ArrayList<>();
        instruments.add(meter.gaugeBuilder("rocketmq_half_messages").ofLongs()
            .setDescription("Half messages not yet committed or rolled back")
            .buildWithCallback(measurement -> measurement.record(sources.halfMessages().getAsLong(), labels.base())));
        instruments.add(meter.counterBuilder("rocketmq_commit_messages_total")
            .setDescription("Total number of commit messages")
            .buildWithCallback(measurement -> sources.commits().forEach((topic, count) ->
                measurement.record(count, topicLabels(labels, topic)))));
        instruments.add(meter.counterBuilder("rocketmq_rollback_messages_total")
            .setDescription("Total number of rollback messages")
            .buildWithCallback(measurement -> sources.rollbacks().forEach((topic, count) ->
                measurement.record(count, topicLabels(labels, topic)))));
        instruments.add(meter.counterBuilder("rocketmq_send_to_dlq_messages_total")
            .setDescription("Consumer send to DLQ messages")
            .buildWithCallback(measurement -> sources.store().statistics().putsByTopic().forEach((topic, count) -> {
                if (topic.startsWith(DLQ_PREFIX)) {
                    String group = topic.substring(DLQ_PREFIX.length());
                    measurement.record(count, labels.builder().put(MetricLabels.CONSUMER_GROUP, group)
                        .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystem("", group)).build());
                }
            })));
        instruments.add(meter.gaugeBuilder("rocketmq_timer_enqueue_lag").ofLongs()
            .setDescription("Timer enqueue messages lag")
            .buildWithCallback(measurement -> measurement.record(timer(sources).offsetBehind(), labels.base())));
        instruments.add(meter.gaugeBuilder("rocketmq_timer_dequeue_latency").ofLongs().setUnit("milliseconds")
            .setDescription("Timer dequeue latency")
            .buildWithCallback(measurement -> measurement.record(
                timer(sources).readBehindSeconds() * MILLIS_PER_SECOND, labels.base())));
        instruments.add(meter.gaugeBuilder("rocketmq_timing_messages").ofLongs()
            .setDescription("Timer messages loaded and waiting for their time")
            .buildWithCallback(measurement -> measurement.record(timer(sources).loaded(), labels.base())));
        ReplicaAcks replicas = sources.replicas();
        if (replicas != null) {
            instruments.add(meter.gaugeBuilder("apogee_replication_slaves").ofLongs()
                .setDescription("Slaves connected to this master")
                .buildWithCallback(measurement -> measurement.record(replicas.connectedSlaves(), labels.base())));
            instruments.add(meter.gaugeBuilder("apogee_replication_lag_bytes").ofLongs()
                .setDescription("Commit-log bytes the most advanced slave has not acknowledged yet")
                .buildWithCallback(measurement -> {
                    long acked = replicas.ackedOffset();
                    if (replicas.connectedSlaves() > 0 && acked >= 0) {
                        measurement.record(Math.max(0, sources.store().logEnd() - acked), labels.base());
                    }
                }));
        }
        return instruments;
    }

    private static TimerStatus timer(MetricsSources sources) {
        TimerStatus status = sources.timer().get();
        return status == null ? new TimerStatus(0, 0, 0, 0, 0) : status;
    }

    private static Attributes topicLabels(MetricLabels labels, String topic) {
        return labels.builder().put(MetricLabels.TOPIC, topic)
            .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystemTopic(topic)).build();
    }
}
