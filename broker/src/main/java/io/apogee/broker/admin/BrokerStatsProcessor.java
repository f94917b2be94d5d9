package io.apogee.broker.admin;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.health.BrokerHealth;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.Set;
import java.util.TreeSet;
import java.util.Map;
import java.util.function.Supplier;

/**
 * GET_BROKER_RUNTIME_INFO (28), GET_TOPIC_STATS_INFO (202) and GET_CONSUME_STATS (208), what mqadmin's
 * {@code clusterList}, {@code brokerStatus}, {@code topicStatus} and {@code consumerProgress} print: the runtime
 * KVTable from {@link RuntimeTable}, each queue's min and max offsets with the store time of its last message and the
 * topic's put rate, and each queue's max offset against a group's committed offset with the group's consume rate (both
 * rates over the last minute from {@link RuntimeStats}).
 *
 * <p>Runs on the admin executor thread (it owns the {@link QueueTimes} reader). JSON through Jackson; admin traffic.
 */
public final class BrokerStatsProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_BROKER_RUNTIME_INFO, RequestCode.GET_TOPIC_STATS_INFO,
        RequestCode.GET_CONSUME_STATS};
    private static final String TOPIC_LIST_SEPARATOR = ";";

    private final MessageStore store;
    private final ConsumerOffsetTable offsets;
    private final TopicRegistry topics;
    private final ClientDirectory clients;
    private final RuntimeStats stats;
    private final String brokerName;
    private final Supplier<Map<String, String>> replication;
    private final QueueTimes times;
    private final Supplier<DeliveryStatus> deliveries;
    private final Supplier<BrokerHealth.Status> health;

    /**
     * Statistics of {@code store}, {@code topics} and the committed {@code offsets} for the broker {@code brokerName},
     * with the delivering services' latest status ({@code deliveries}) and the broker's {@code health}.
     */
    public BrokerStatsProcessor(MessageStore store, ConsumerOffsetTable offsets, TopicRegistry topics,
        ClientDirectory clients, RuntimeStats stats, String brokerName, Supplier<DeliveryStatus> deliveries,
        Supplier<BrokerHealth.Status> health) {
        this(store, offsets, topics, clients, stats, brokerName, deliveries, health, Map::of);
    }

    /** As the processor above, adding {@code replication}'s figures to the runtime table. */
    public BrokerStatsProcessor(MessageStore store, ConsumerOffsetTable offsets, TopicRegistry topics,
        ClientDirectory clients, RuntimeStats stats, String brokerName, Supplier<DeliveryStatus> deliveries,
        Supplier<BrokerHealth.Status> health, Supplier<Map<String, String>> replication) {
        this.replication = replication;
        this.store = store;
        this.offsets = offsets;
        this.deliveries = deliveries;
        this.health = health;
        this.topics = topics;
        this.clients = clients;
        this.stats = stats;
        this.brokerName = brokerName;
        this.times = new QueueTimes(store);
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.GET_BROKER_RUNTIME_INFO -> exchange.replyJson(runtimeInfo());
            case RequestCode.GET_TOPIC_STATS_INFO -> topicStats(exchange);
            case RequestCode.GET_CONSUME_STATS -> consumeStats(exchange);
            default -> throw new IllegalArgumentException("not a stats code: " + exchange.request().code());
        }
    }

    private ObjectNode runtimeInfo() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode kv = root.putObject("table");
        RuntimeTable.of(store, stats, times, deliveries.get(), health.get()).forEach(kv::put);
        replication.get().forEach(kv::put);
        return root;
    }

    private void topicStats(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        TopicConfig config = topic == null ? null : topics.get(topic);
        if (config == null) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
            return;
        }
        QueueKeyedJson json = new QueueKeyedJson("offsetTable");
        // a topic table written before the limit existed may hold any count: the answer stays within the limit
        int queues = Math.min(Math.max(config.readQueues(), config.writeQueues()), topics.limits().maxQueuesPerTopic());
        for (int queueId = 0; queueId < queues; queueId++) {
            long max = store.maxOffset(topic, queueId);
            ObjectNode offsets = QueueKeyedJson.object();
            offsets.put("lastUpdateTimestamp", max > 0 ? times.storeTime(topic, queueId, max - 1) : 0);
            offsets.put("maxOffset", max);
            offsets.put("minOffset", store.minOffset(topic, queueId));
            json.put(brokerName, topic, queueId, offsets);
        }
        exchange.replyJson(json.finish("topicPutTps", stats.topicPutTps(topic)));
    }

    private void consumeStats(Exchange exchange) {
        String group = exchange.request().ext().get("consumerGroup");
        if (group == null || group.isBlank()) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "consumerGroup is required");
            return;
        }
        QueueKeyedJson json = new QueueKeyedJson("offsetTable");
        double consumeTps = 0;
        for (String topic : topicsOf(group, exchange.request().ext().get("topic"), exchange.request().ext().get("topicList"))) {
            TopicConfig config = topics.get(topic);
            if (config == null) {
                continue;
            }
            consumeTps += stats.consumeTps(group, topic);
            int queues = Math.min(config.readQueues(), topics.limits().maxQueuesPerTopic());
            for (int queueId = 0; queueId < queues; queueId++) {
                long committed = Math.max(0, offsets.offset(group, topic, queueId));
                ObjectNode entry = QueueKeyedJson.object();
                entry.put("brokerOffset", store.maxOffset(topic, queueId));
                entry.put("consumerOffset", committed);
                entry.put("lastTimestamp", committed > 0 ? times.storeTime(topic, queueId, committed - 1) : 0);
                entry.put("pullOffset", committed);
                json.put(brokerName, topic, queueId, entry);
            }
        }
        exchange.replyJson(json.finish("consumeTps", consumeTps));
    }

    /**
     * The topics reported for {@code group}, as RocketMQ chooses them: the list asked for, as it is; else the topic
     * asked for, or every topic the group has committed offsets on, less those its connected members (if any) do not
     * subscribe to. A subscribed topic with nothing committed yet is not reported.
     */
    private Set<String> topicsOf(String group, String topic, String topicList) {
        Set<String> selected = new TreeSet<>();
        if (topicList != null && !topicList.isBlank()) {
            for (String name : topicList.split(TOPIC_LIST_SEPARATOR)) {
                if (!name.isBlank()) {
                    selected.add(name.trim());
                }
            }
            return selected;
        }
        if (topic != null && !topic.isBlank()) {
            selected.add(topic);
        } else {
            for (ConsumerOffset offset : offsets.all()) {
                if (offset.group().equals(group)) {
                    selected.add(offset.topic());
                }
            }
        }
        ClientDirectory.ConsumerGroupSnapshot online = clients.consumerGroup(group);
        if (online != null && !online.subscriptions().isEmpty()) {
            selected.retainAll(online.subscriptions().keySet());
        }
        return selected;
    }

}
