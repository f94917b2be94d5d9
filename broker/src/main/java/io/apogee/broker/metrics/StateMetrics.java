package io.apogee.broker.metrics;

import io.apogee.broker.admin.QueueTimes;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreStatistics;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the broker holds and who is connected, read at each scrape: {@code rocketmq_topic_number},
 * {@code rocketmq_consumer_group_number}, {@code rocketmq_producer_connections}, {@code rocketmq_consumer_connections},
 * {@code rocketmq_consumer_lag_messages} per group and topic (the sum over queues of the queue's end less the group's
 * committed offset), {@code rocketmq_consumer_lag_latency} (how long the oldest unconsumed message has waited), and the store's {@code rocketmq_storage_size}, {@code rocketmq_storage_flush_behind_bytes} and
 * {@code rocketmq_storage_dispatch_behind_bytes}.
 *
 * <p>Thread-safe: the callbacks run on the exporter's thread and only read tables that are safe to read from any.
 */
final class StateInstruments {
    private static final String BYTES = "bytes";

    private StateInstruments() {
    }

    /** Registers the instruments on {@code meter}; closing what it returns removes them. */
    static List<AutoCloseable> register(Meter meter, MetricLabels labels, MetricsSources sources) {
        MessageStore store = sources.store();
        BrokerMetadata metadata = sources.metadata();
        ClientDirectory clients = sources.clients();
        // one read result, reused: the SDK runs one collection's callbacks at a time
        QueueTimes times = new QueueTimes(store);
        AutoCloseable topics = meter.gaugeBuilder("rocketmq_topic_number").ofLongs()
            .setDescription("Active topic number")
            .buildWithCallback(measurement -> measurement.record(metadata.topics().size(), labels.base()));
        AutoCloseable groups = meter.gaugeBuilder("rocketmq_consumer_group_number").ofLongs()
            .setDescription("Active subscription group number")
            .buildWithCallback(measurement -> measurement.record(metadata.groups().size(), labels.base()));
        AutoCloseable producers = meter.gaugeBuilder("rocketmq_producer_connections").ofLongs()
            .setDescription("Producer connections")
            .buildWithCallback(measurement -> producerConnections(measurement, labels, clients));
        AutoCloseable consumers = meter.gaugeBuilder("rocketmq_consumer_connections").ofLongs()
            .setDescription("Consumer connections")
            .buildWithCallback(measurement -> consumerConnections(measurement, labels, clients));
        AutoCloseable lag = meter.gaugeBuilder("rocketmq_consumer_lag_messages").ofLongs()
            .setDescription("Consumer lag messages")
            .buildWithCallback(measurement -> lag(measurement, labels, store, metadata));
        AutoCloseable lagLatency = meter.gaugeBuilder("rocketmq_consumer_lag_latency").ofLongs().setUnit("milliseconds")
            .setDescription("Consumer lag time")
            .buildWithCallback(measurement -> lagLatency(measurement, labels, sources, times));
        Attributes storage = labels.builder().put(MetricLabels.STORAGE_TYPE, "local")
            .put(MetricLabels.STORAGE_MEDIUM, "disk").build();
        AutoCloseable size = meter.gaugeBuilder("rocketmq_storage_size").ofLongs().setUnit(BYTES)
            .setDescription("Broker storage size")
            .buildWithCallback(measurement -> {
                StoreStatistics statistics = store.statistics();
                if (statistics.diskTotalBytes() > 0) {
                    measurement.record(statistics.diskTotalBytes() - statistics.diskUsableBytes(), storage);
                }
            });
        AutoCloseable flushBehind = meter.gaugeBuilder("rocketmq_storage_flush_behind_bytes").ofLongs().setUnit(BYTES)
            .setDescription("Broker flush behind bytes")
            .buildWithCallback(measurement -> measurement.record(store.statistics().bytesToFlush(), storage));
        AutoCloseable dispatchBehind = meter.gaugeBuilder("rocketmq_storage_dispatch_behind_bytes").ofLongs()
            .setUnit(BYTES)
            .setDescription("Broker dispatch behind bytes")
            .buildWithCallback(measurement -> measurement.record(store.statistics().bytesToDispatch(), storage));
        return List.of(topics, groups, producers, consumers, lag, lagLatency, size, flushBehind, dispatchBehind);
    }

    private static void producerConnections(ObservableLongMeasurement measurement, MetricLabels labels,
        ClientDirectory clients) {
        Map<Attributes, Long> counts = new HashMap<>();
        clients.forEachProducer((group, connection, consumeType) -> counts.merge(labels.builder()
            .put(MetricLabels.LANGUAGE, connection.language().toLowerCase(Locale.ROOT))
            .put(MetricLabels.VERSION, Integer.toString(connection.version()))
            .put(MetricLabels.PROTOCOL_TYPE, MetricLabels.PROTOCOL_REMOTING).build(), 1L, Long::sum));
        counts.forEach((attributes, count) -> measurement.record(count, attributes));
    }

    private static void consumerConnections(ObservableLongMeasurement measurement, MetricLabels labels,
        ClientDirectory clients) {
        Map<Attributes, Long> counts = new HashMap<>();
        clients.forEachConsumer((group, connection, consumeType) -> counts.merge(labels.builder()
            .put(MetricLabels.CONSUMER_GROUP, group)
            .put(MetricLabels.LANGUAGE, connection.language().toLowerCase(Locale.ROOT))
            .put(MetricLabels.VERSION, Integer.toString(connection.version()))
            .put(MetricLabels.CONSUME_MODE, consumeMode(consumeType))
            .put(MetricLabels.PROTOCOL_TYPE, MetricLabels.PROTOCOL_REMOTING)
            .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystem("", group)).build(), 1L, Long::sum));
        counts.forEach((attributes, count) -> measurement.record(count, attributes));
    }

    /** RocketMQ's {@code ConsumeType.getTypeCN()}, in lower case as its label is. */
    private static String consumeMode(String consumeType) {
        return switch (consumeType) {
            case "CONSUME_ACTIVELY" -> "pull";
            case "CONSUME_POP" -> "pop";
            default -> "push";
        };
    }

    private static void lag(ObservableLongMeasurement measurement, MetricLabels labels, MessageStore store,
        BrokerMetadata metadata) {
        Map<String, Map<String, Long>> byGroup = new HashMap<>();
        for (ConsumerOffset offset : metadata.offsets().all()) {
            long behind = Math.max(0, store.maxOffset(offset.topic(), offset.queueId()) - offset.offset());
            byGroup.computeIfAbsent(offset.group(), group -> new HashMap<>()).merge(offset.topic(), behind, Long::sum);
        }
        byGroup.forEach((group, topics) -> topics.forEach((topic, behind) -> measurement.record(behind,
            lagLabels(labels, group, topic))));
    }

    /**
     * How long the oldest message a group has not consumed has waited, per group and topic: now less the store time
     * of the message at the committed offset of each queue that lags; 0 when none lags.
     */
    private static void lagLatency(ObservableLongMeasurement measurement, MetricLabels labels, MetricsSources sources,
        QueueTimes times) {
        Map<String, Map<String, Long>> oldestByGroup = new HashMap<>();
        for (ConsumerOffset offset : sources.metadata().offsets().all()) {
            long oldest = Long.MAX_VALUE;
            if (sources.store().maxOffset(offset.topic(), offset.queueId()) > offset.offset()) {
                long stored = times.storeTime(offset.topic(), offset.queueId(), offset.offset());
                oldest = stored > 0 ? stored : oldest;
            }
            oldestByGroup.computeIfAbsent(offset.group(), group -> new HashMap<>()).merge(offset.topic(), oldest,
                Math::min);
        }
        long now = sources.clock().millis();
        oldestByGroup.forEach((group, topics) -> topics.forEach((topic, oldest) -> measurement.record(
            oldest == Long.MAX_VALUE ? 0 : Math.max(0, now - oldest), lagLabels(labels, group, topic))));
    }

    private static Attributes lagLabels(MetricLabels labels, String group, String topic) {
        return labels.builder().put(MetricLabels.CONSUMER_GROUP, group).put(MetricLabels.TOPIC, topic)
            .put(MetricLabels.IS_RETRY, topic.startsWith(MetricLabels.RETRY_PREFIX))
            .put(MetricLabels.IS_SYSTEM, MetricLabels.isSystem(topic, group)).build();
    }
}
