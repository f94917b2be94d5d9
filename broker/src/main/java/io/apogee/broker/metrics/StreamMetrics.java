package io.apogee.broker.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.util.List;
import java.util.function.Supplier;

/**
 * RabbitMQ's stream protocol, under the names and labels RabbitMQ's Prometheus plugin gives its stream plugin's global
 * counters, so that a RabbitMQ stream dashboard reads Apogee's too: messages received, received for confirmation,
 * confirmed and delivered, and the publishers and consumers open. Absent while the stream port is off.
 *
 * <p>Thread-safe: a scrape only reads the figures.
 */
final class StreamMetrics {
    private static final MetricMetadata RECEIVED = new MetricMetadata("rabbitmq_global_messages_received",
        "Total number of messages received from publishers");
    private static final MetricMetadata RECEIVED_CONFIRM = new MetricMetadata(
        "rabbitmq_global_messages_received_confirm", "Total number of messages received from publishers expecting "
        + "confirmations");
    private static final MetricMetadata CONFIRMED = new MetricMetadata("rabbitmq_global_messages_confirmed",
        "Total number of messages confirmed to publishers");
    private static final MetricMetadata DELIVERED = new MetricMetadata("rabbitmq_global_messages_delivered",
        "Total number of messages delivered to consumers");
    private static final MetricMetadata PUBLISHERS = new MetricMetadata("rabbitmq_global_publishers",
        "Current number of publishers");
    private static final MetricMetadata CONSUMERS = new MetricMetadata("rabbitmq_global_consumers",
        "Current number of consumers");

    private final Supplier<StreamFigures> server;
    private final Labels protocol;
    private final Labels protocolAndQueueType;

    StreamMetrics(MetricLabels labels, Supplier<StreamFigures> server) {
        this.server = server;
        this.protocol = labels.with(new String[] {"protocol"}, new String[] {"stream"});
        this.protocolAndQueueType = labels.with(new String[] {"protocol", "queue_type"},
            new String[] {"stream", "rabbit_stream_queue"});
    }

    /** Adds the families to {@code scrape}, unless the stream port is off. */
    void collect(Scrape scrape) {
        StreamFigures streams = server.get();
        if (streams == null) {
            return;
        }
        long received = streams.messagesReceived();
        scrape.counters(RECEIVED, List.of(Scrape.counterPoint(received, protocol)));
        scrape.counters(RECEIVED_CONFIRM, List.of(Scrape.counterPoint(received, protocol)));
        scrape.counters(CONFIRMED, List.of(Scrape.counterPoint(streams.messagesConfirmed(), protocol)));
        scrape.counters(DELIVERED, List.of(Scrape.counterPoint(streams.messagesDelivered(), protocolAndQueueType)));
        scrape.gauge(PUBLISHERS, streams.publishers(), protocol);
        scrape.gauge(CONSUMERS, streams.consumers(), protocol);
    }
}
