package io.apogee.broker.admin;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * GET_BROKER_CONSUME_STATS (317), mqadmin's {@code brokerConsumeStats}: RocketMQ's ConsumeStatsList, every
 * subscription group's progress on each topic it committed offsets on, with the total lag. As in RocketMQ, a topic
 * that no longer exists is left out, so is one the group's connected members do not subscribe to, and with
 * {@code isOrder} true so is every topic that is not ordered. Each queue of a topic's write queues shows its max
 * offset, the committed offset and the store time of the last message consumed; the group's consume rate is over
 * the last minute ({@link RuntimeStats}).
 *
 * <p>Runs on the admin executor thread (it owns its {@link QueueTimes} reader); the tables are thread-safe.
 */
public final class BrokerConsumeStatsProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_BROKER_CONSUME_STATS};

    private final MessageStore store;
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;
    private final TopicRegistry topics;
    private final ClientDirectory clients;
    private final RuntimeStats stats;
    private final String brokerName;
    private final String brokerAddress;
    private final QueueTimes times;

    /**
     * The progress of {@code groups} by their committed {@code offsets} against {@code store}, for the broker
     * {@code brokerName} at {@code brokerAddress}.
     */
    public BrokerConsumeStatsProcessor(MessageStore store, SubscriptionGroupTable groups, ConsumerOffsetTable offsets,
        TopicRegistry topics, ClientDirectory clients, RuntimeStats stats, String brokerName, String brokerAddress) {
        this.store = store;
        this.groups = groups;
        this.offsets = offsets;
        this.topics = topics;
        this.clients = clients;
        this.stats = stats;
        this.brokerName = brokerName;
        this.brokerAddress = brokerAddress;
        this.times = new QueueTimes(store);
    }

    @Override
    public void process(Exchange exchange) {
        String isOrder = exchange.request().ext().get("isOrder");
        if (isOrder != null && !isOrder.equals("true") && !isOrder.equals("false")) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "isOrder must be true or false: " + isOrder);
            return;
        }
        boolean orderedOnly = "true".equals(isOrder);
        StringBuilder json = new StringBuilder("{\"brokerAddr\":\"").append(brokerAddress).append("\",\"consumeStatsList\":[");
        long totalDiff = 0;
        int groupCount = 0;
        Map<String, Set<String>> committedTopics = committedTopics();
        for (SubscriptionGroup group : groups.all()) {
            if (groupCount++ > 0) {
                json.append(',');
            }
            json.append("{\"").append(JsonStringEncoder.getInstance().quoteAsString(group.name())).append("\":[");
            int statsCount = 0;
            for (String topic : topicsOf(group.name(), committedTopics.getOrDefault(group.name(), Set.of()))) {
                TopicConfig config = topics.get(topic);
                if (config == null || orderedOnly && !config.order()) {
                    continue;
                }
                QueueKeyedJson queues = new QueueKeyedJson("offsetTable");
                int count = Math.min(config.writeQueues(), topics.limits().maxQueuesPerTopic());
                for (int queueId = 0; queueId < count; queueId++) {
                    long max = Math.max(0, store.maxOffset(topic, queueId));
                    long committed = Math.max(0, offsets.offset(group.name(), topic, queueId));
                    totalDiff += max - committed;
                    queues.put(brokerName, topic, queueId, QueueKeyedJson.object().put("brokerOffset", max)
                        .put("consumerOffset", committed).put("pullOffset", committed)
                        .put("lastTimestamp", committed > 0 ? times.storeTime(topic, queueId, committed - 1) : 0));
                }
                if (statsCount++ > 0) {
                    json.append(',');
                }
                json.append(queues.finishText("consumeTps", stats.consumeTps(group.name(), topic)));
            }
            json.append("]}");
        }
        json.append("],\"totalDiff\":").append(totalDiff).append(",\"totalInflightDiff\":0}");
        exchange.responseHeader(ResponseCode.SUCCESS, null);
        exchange.replyWith(Unpooled.wrappedBuffer(json.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** The topics each group committed offsets on, in name order: one pass over the offset table. */
    private Map<String, Set<String>> committedTopics() {
        Map<String, Set<String>> byGroup = new HashMap<>();
        for (ConsumerOffset offset : offsets.all()) {
            byGroup.computeIfAbsent(offset.group(), name -> new TreeSet<>()).add(offset.topic());
        }
        return byGroup;
    }

    /** The {@code committed} topics of {@code group}, less those its connected members (if any) do not subscribe to. */
    private Set<String> topicsOf(String group, Set<String> committed) {
        Set<String> selected = new TreeSet<>(committed);
        ClientDirectory.ConsumerGroupSnapshot online = clients.consumerGroup(group);
        if (online != null && !online.subscriptions().isEmpty()) {
            selected.retainAll(online.subscriptions().keySet());
        }
        return selected;
    }
}
