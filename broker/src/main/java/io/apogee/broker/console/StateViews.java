package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.admin.QueueTimes;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.topic.TopicRegistry;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The broker's state as the console's JSON shows it: the overview (the broker, its rates and counts), the topics
 * (queues, offsets, put rate) and the consumer groups (members, lag per queue, consume rate). Each view is read at
 * the moment it is asked for, from the same tables the admin codes answer from.
 *
 * <p>Not thread-safe: owned by the console's thread (it owns a {@link QueueTimes} reader).
 */
final class StateViews {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String RETRY_PREFIX = TopicRegistry.RETRY_PREFIX;
    private static final String DLQ_PREFIX = "%DLQ%";

    private final ConsoleSources sources;
    private final Series series;
    private final QueueTimes times;

    StateViews(ConsoleSources sources, Series series) {
        this.sources = sources;
        this.series = series;
        this.times = new QueueTimes(sources.store());
    }

    /** The cluster and its broker: address, role, version, rates and counts. */
    ObjectNode overview() {
        ConsoleSources.BrokerIdentity identity = sources.identity();
        Series.Point latest = series.latest();
        ObjectNode broker = JSON.objectNode()
            .put("name", identity.name())
            .put("address", identity.address())
            .put("role", identity.role())
            .put("version", identity.version())
            .put("putTps", latest == null ? 0 : latest.putTps())
            .put("getTps", latest == null ? 0 : latest.getTps())
            .put("upMillis", sources.stats().upMillis())
            .put("messagesPut", sources.stats().putNow())
            .put("topics", sources.topics().all().size())
            .put("groups", sources.groups().size())
            .put("commitLogBytes", sources.store().statistics().maxPhysicalOffset()
                - sources.store().statistics().minPhysicalOffset());
        ObjectNode overview = JSON.objectNode().put("cluster", identity.cluster());
        overview.putArray("brokers").add(broker);
        return overview;
    }

    /** Every topic: its queues with their offsets, and its put rate over the last minute. */
    ObjectNode topics() {
        ArrayNode list = JSON.arrayNode();
        for (TopicConfig topic : sortedTopics()) {
            ObjectNode node = list.addObject()
                .put("name", topic.name())
                .put("system", isSystem(topic.name()))
                .put("readQueues", topic.readQueues())
                .put("writeQueues", topic.writeQueues())
                .put("permission", topic.permission())
                .put("putTps", sources.stats().topicPutTps(topic.name()));
            ArrayNode queues = node.putArray("queues");
            long messages = 0;
            for (int queueId = 0; queueId < queueCount(topic); queueId++) {
                long min = Math.max(0, sources.store().minOffset(topic.name(), queueId));
                long max = Math.max(0, sources.store().maxOffset(topic.name(), queueId));
                messages += max - min;
                queues.addObject().put("queueId", queueId).put("minOffset", min).put("maxOffset", max);
            }
            node.put("messages", messages);
        }
        ObjectNode answer = JSON.objectNode();
        answer.set("topics", list);
        return answer;
    }

    /**
     * Every consumer group the broker knows of (subscription groups, groups with committed offsets, groups with
     * connected members): its members, and per topic its lag per queue and consume rate.
     */
    ObjectNode groups() {
        Map<String, Set<String>> committed = committedTopics();
        Set<String> names = new TreeSet<>(committed.keySet());
        for (SubscriptionGroup group : sources.groups().all()) {
            names.add(group.name());
        }
        sources.clients().forEachConsumer((group, connection, consumeType) -> names.add(group));
        ArrayNode list = JSON.arrayNode();
        for (String name : names) {
            list.add(group(name, committed.getOrDefault(name, Set.of())));
        }
        ObjectNode answer = JSON.objectNode();
        answer.set("groups", list);
        return answer;
    }

    private ObjectNode group(String name, Set<String> committedTopics) {
        ClientDirectory.ConsumerGroupSnapshot online = sources.clients().consumerGroup(name);
        ObjectNode node = JSON.objectNode().put("name", name).put("online", online != null)
            .put("system", isSystemGroup(name));
        ArrayNode members = node.putArray("members");
        Set<String> topicNames = new TreeSet<>(committedTopics);
        if (online != null) {
            node.put("consumeType", online.consumeType()).put("messageModel", online.messageModel());
            for (ClientDirectory.Connection member : online.connections()) {
                members.addObject().put("clientId", member.clientId()).put("address", member.clientAddr())
                    .put("language", member.language()).put("version", member.version());
            }
            topicNames.addAll(online.subscriptions().keySet());
        }
        ArrayNode topics = node.putArray("topics");
        long lag = 0;
        double tps = 0;
        for (String topicName : topicNames) {
            TopicConfig topic = sources.topics().get(topicName);
            if (topic == null) {
                continue;
            }
            ObjectNode topicNode = topic(name, topic);
            lag += topicNode.get("lag").asLong();
            tps += topicNode.get("consumeTps").asDouble();
            topics.add(topicNode);
        }
        return node.put("lag", lag).put("consumeTps", tps);
    }

    private ObjectNode topic(String group, TopicConfig topic) {
        ConsumerOffsetTable offsets = sources.offsets();
        ObjectNode node = JSON.objectNode().put("topic", topic.name())
            .put("consumeTps", sources.stats().consumeTps(group, topic.name()));
        ArrayNode queues = node.putArray("queues");
        long lag = 0;
        for (int queueId = 0; queueId < queueCount(topic); queueId++) {
            long max = Math.max(0, sources.store().maxOffset(topic.name(), queueId));
            long consumed = offsets.offset(group, topic.name(), queueId);
            long queueLag = consumed < 0 ? 0 : Math.max(0, max - consumed);
            lag += queueLag;
            queues.addObject().put("queueId", queueId).put("brokerOffset", max)
                .put("consumerOffset", consumed).put("lag", queueLag)
                .put("lastTimestamp", consumed > 0 ? times.storeTime(topic.name(), queueId, consumed - 1) : 0);
        }
        return node.put("lag", lag);
    }

    private int queueCount(TopicConfig topic) {
        return Math.min(Math.max(topic.writeQueues(), topic.readQueues()), sources.topics().limits().maxQueuesPerTopic());
    }

    private Iterable<TopicConfig> sortedTopics() {
        Map<String, TopicConfig> sorted = new TreeMap<>();
        for (TopicConfig topic : sources.topics().all()) {
            sorted.put(topic.name(), topic);
        }
        return sorted.values();
    }

    private Map<String, Set<String>> committedTopics() {
        Map<String, Set<String>> byGroup = new TreeMap<>();
        for (ConsumerOffset offset : sources.offsets().all()) {
            byGroup.computeIfAbsent(offset.group(), name -> new TreeSet<>()).add(offset.topic());
        }
        return byGroup;
    }

    /**
     * Whether a topic is the broker's own rather than an application's: retry and dead-letter topics, RocketMQ's
     * system topics, the auto-create template, and the topics named after the cluster and the broker.
     */
    private boolean isSystem(String topic) {
        return topic.startsWith(RETRY_PREFIX) || topic.startsWith(DLQ_PREFIX) || topic.startsWith("rmq_sys_")
            || topic.startsWith("RMQ_SYS_") || topic.startsWith("SCHEDULE_TOPIC") || topic.equals("TBW102")
            || topic.equals("OFFSET_MOVED_EVENT") || topic.equals(sources.identity().cluster())
            || topic.equals(sources.identity().name()) || topic.startsWith(sources.identity().name() + '_');
    }

    private static boolean isSystemGroup(String group) {
        return group.startsWith("CID_RMQ_SYS_") || group.startsWith("TOOLS_CONSUMER") || group.equals("SELF_TEST_C_GROUP")
            || group.equals("FILTERSRV_CONSUMER") || group.startsWith("SCHEDULE_SERVICE") || group.startsWith("CID_ONSAPI")
            || group.equals("__MONITOR_CONSUMER") || group.equals("CID_SYS_RMQ_TRANS");
    }
}
