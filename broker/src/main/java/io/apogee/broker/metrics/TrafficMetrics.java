package io.apogee.broker.metrics;

import io.apogee.store.MessageStore;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * Messages and bytes in and out: {@code rocketmq_messages_in_total} per topic, from the store's queue ends (every
 * message put, since the store was created, whatever wrote it); {@code rocketmq_throughput_in_total} per topic, the
 * stored bytes clients sent; {@code rocketmq_messages_out_total} and {@code rocketmq_throughput_out_total} per group
 * and topic, what pulls delivered (a redelivered message counts again, as in RocketMQ).
 *
 * <p>Thread-safe: the callbacks run on the exporter's thread and only read.
 */
final class TrafficInstruments {
    private TrafficInstruments() {
    }

    /** Registers the instruments on {@code meter}; closing what it returns removes them. */
    static List<AutoCloseable> register(Meter meter, MetricLabels labels, MetricsSources sources) {
        MessageStore store = sources.store();
        TrafficCounters traffic = sources.traffic();
        AutoCloseable messagesIn = meter.counterBuilder("rocketmq_messages_in_total")
            .setDescription("Total number of incoming messages")
            .buildWithCallback(measurement -> store.statistics().putsByTopic().forEach((topic, count) ->
                measurement.record(count, labels.builder().put(MetricLabels.TOPIC, topic)
                    .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystemTopic(topic)).build())));
        AutoCloseable throughputIn = meter.counterBuilder("rocketmq_throughput_in_total")
            .setDescription("Total traffic of incoming messages")
            .buildWithCallback(measurement -> {
                // a deleted topic's counts leave the scrape, as its queue ends do
                traffic.retainTopics(topic -> sources.metadata().topics().get(topic) != null);
                traffic.forEachReceived((topic, bytes) -> measurement.record(bytes, labels.builder()
                    .put(MetricLabels.TOPIC, topic).put(MetricLabels.IS_SYSTEM, MetricLabels.isSystemTopic(topic)).build()));
            });
        AutoCloseable messagesOut = meter.counterBuilder("rocketmq_messages_out_total")
            .setDescription("Total number of outgoing messages")
            .buildWithCallback(measurement -> traffic.forEachDelivered((group, topic, messages, bytes) ->
                measurement.record(messages, outLabels(labels, group, topic))));
        AutoCloseable throughputOut = meter.counterBuilder("rocketmq_throughput_out_total")
            .setDescription("Total traffic of outgoing messages")
            .buildWithCallback(measurement -> traffic.forEachDelivered((group, topic, messages, bytes) ->
                measurement.record(bytes, outLabels(labels, group, topic))));
        return List.of(messagesIn, throughputIn, messagesOut, throughputOut);
    }

    private static Attributes outLabels(MetricLabels labels, String group, String topic) {
        return labels.builder().put(MetricLabels.TOPIC, topic).put(MetricLabels.CONSUMER_GROUP, group)
            .put(MetricLabels.IS_RETRY, topic.startsWith(MetricLabels.RETRY_PREFIX))
            .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystem(topic, group)).build();
    }
}
