package io.apogee.broker.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * RocketMQ 5's label names ({@code BrokerMetricsConstant}) and the labels every series of one broker carries: its
 * cluster, {@code node_type=broker} and its name as {@code node_id}. Also which topics and groups RocketMQ marks
 * {@code is_system} and which are retry topics ({@code is_retry}). The label sets of a topic, a group, and a group and
 * topic are built once and kept, so that a scrape does not sort labels again for every series; a cache that grows
 * past {@value #CACHE_LIMIT} entries (topics and groups deleted over a long life) is emptied and refills.
 *
 * <p>Thread-safe: the caches are concurrent maps; the label sets are immutable.
 */
final class MetricLabels {
    static final String CLUSTER = "cluster";
    static final String NODE_TYPE = "node_type";
    static final String NODE_ID = "node_id";
    static final String TOPIC = "topic";
    static final String CONSUMER_GROUP = "consumer_group";
    static final String IS_SYSTEM = "is_system";
    static final String IS_RETRY = "is_retry";
    static final String LANGUAGE = "language";
    static final String VERSION = "version";
    static final String CONSUME_MODE = "consume_mode";
    static final String PROTOCOL_TYPE = "protocol_type";
    static final String STORAGE_TYPE = "storage_type";
    static final String STORAGE_MEDIUM = "storage_medium";
    static final String NODE_TYPE_BROKER = "broker";
    static final String PROTOCOL_REMOTING = "remoting";
    static final String RETRY_PREFIX = "%RETRY%";
    static final int CACHE_LIMIT = 100_000;

    private static final String SYSTEM_TOPIC_PREFIX = "rmq_sys_";
    private static final String SYSTEM_GROUP_PREFIX = "CID_RMQ_SYS_";
    // RocketMQ 5.4.0's TopicValidator.SYSTEM_TOPIC_SET
    private static final Set<String> SYSTEM_TOPICS = Set.of("TBW102", "SCHEDULE_TOPIC_XXXX", "BenchmarkTest",
        "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRACE_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC",
        "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT", "CHECKPOINT_TOPIC");
    // RocketMQ 5.4.0's MixAll system consumer groups
    private static final Set<String> SYSTEM_GROUPS = Set.of("TOOLS_CONSUMER", "FILTERSRV_CONSUMER",
        "__MONITOR_CONSUMER", "CLIENT_INNER_PRODUCER", "SELF_TEST_P_GROUP", "SELF_TEST_C_GROUP",
        "CID_ONS-HTTP-PROXY", "CID_ONSAPI_PERMISSION", "CID_ONSAPI_OWNER", "CID_ONSAPI_PULL", "CID_RMQ_SYS_TRANS",
        "SCHEDULE_SERVICE_DELAY_OFFSET");

    private final Labels base;
    private final Map<String, Labels> byTopic = new ConcurrentHashMap<>();
    private final Map<String, Labels> byGroup = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Labels>> byGroupAndTopic = new ConcurrentHashMap<>();
    private int groupAndTopicEntries;

    /** The labels of the broker {@code brokerName} in {@code cluster}. */
    MetricLabels(String cluster, String brokerName) {
        this.base = Labels.of(CLUSTER, cluster, NODE_TYPE, NODE_TYPE_BROKER, NODE_ID, brokerName);
    }

    /** The labels every series carries. */
    Labels base() {
        return base;
    }

    /** The broker's labels and {@code names}, {@code values} beside them. */
    Labels with(String[] names, String[] values) {
        return base.merge(Labels.of(names, values));
    }

    /** The labels of a series per topic: {@code topic} and {@code is_system}. */
    Labels topic(String topic) {
        Labels labels = byTopic.get(topic);
        if (labels == null) {
            labels = base.merge(Labels.of(TOPIC, topic, IS_SYSTEM, Boolean.toString(isSystemTopic(topic))));
            putBounded(byTopic, topic, labels);
        }
        return labels;
    }

    /** The labels of a series per group: {@code consumer_group} and {@code is_system}. */
    Labels group(String group) {
        Labels labels = byGroup.get(group);
        if (labels == null) {
            labels = base.merge(Labels.of(CONSUMER_GROUP, group, IS_SYSTEM, Boolean.toString(isSystem("", group))));
            putBounded(byGroup, group, labels);
        }
        return labels;
    }

    /** The labels of a series per group and topic: {@code consumer_group}, {@code topic}, {@code is_retry}, {@code is_system}. */
    Labels groupAndTopic(String group, String topic) {
        Map<String, Labels> topics = byGroupAndTopic.get(group);
        Labels labels = topics == null ? null : topics.get(topic);
        if (labels == null) {
            labels = base.merge(Labels.of(new String[] {CONSUMER_GROUP, TOPIC, IS_RETRY, IS_SYSTEM},
                new String[] {group, topic, Boolean.toString(topic.startsWith(RETRY_PREFIX)),
                    Boolean.toString(isSystem(topic, group))}));
            if (++groupAndTopicEntries > CACHE_LIMIT) { // a racy count is enough to bound the cache
                byGroupAndTopic.clear();
                groupAndTopicEntries = 0;
            }
            byGroupAndTopic.computeIfAbsent(group, absent -> new ConcurrentHashMap<>()).put(topic, labels);
        }
        return labels;
    }

    private static void putBounded(Map<String, Labels> cache, String key, Labels labels) {
        if (cache.size() >= CACHE_LIMIT) {
            cache.clear();
        }
        cache.put(key, labels);
    }

    /** Whether RocketMQ counts {@code topic} as a system topic. */
    static boolean isSystemTopic(String topic) {
        return SYSTEM_TOPICS.contains(topic) || topic.startsWith(SYSTEM_TOPIC_PREFIX);
    }

    /** Whether RocketMQ counts {@code group} as a system group, or {@code topic} as a system topic. */
    static boolean isSystem(String topic, String group) {
        return isSystemTopic(topic) || SYSTEM_GROUPS.contains(group) || group.startsWith(SYSTEM_GROUP_PREFIX);
    }
}
