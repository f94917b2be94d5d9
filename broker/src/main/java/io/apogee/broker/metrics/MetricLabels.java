package io.apogee.broker.metrics;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import java.util.Set;

/**
 * RocketMQ 5's label keys ({@code BrokerMetricsConstant}) and the labels every series of one broker carries: its
 * cluster, {@code node_type=broker} and its name as {@code node_id}. Also which topics and groups RocketMQ marks
 * {@code is_system} and which are retry topics ({@code is_retry}).
 *
 * <p>Immutable; safe for any thread.
 */
final class MetricLabels {
    static final AttributeKey<String> CLUSTER = AttributeKey.stringKey("cluster");
    static final AttributeKey<String> NODE_TYPE = AttributeKey.stringKey("node_type");
    static final AttributeKey<String> NODE_ID = AttributeKey.stringKey("node_id");
    static final AttributeKey<String> TOPIC = AttributeKey.stringKey("topic");
    static final AttributeKey<String> CONSUMER_GROUP = AttributeKey.stringKey("consumer_group");
    static final AttributeKey<Boolean> IS_SYSTEM = AttributeKey.booleanKey("is_system");
    static final AttributeKey<Boolean> IS_RETRY = AttributeKey.booleanKey("is_retry");
    static final AttributeKey<String> LANGUAGE = AttributeKey.stringKey("language");
    static final AttributeKey<String> VERSION = AttributeKey.stringKey("version");
    static final AttributeKey<String> CONSUME_MODE = AttributeKey.stringKey("consume_mode");
    static final AttributeKey<String> PROTOCOL_TYPE = AttributeKey.stringKey("protocol_type");
    static final AttributeKey<String> STORAGE_TYPE = AttributeKey.stringKey("storage_type");
    static final AttributeKey<String> STORAGE_MEDIUM = AttributeKey.stringKey("storage_medium");
    static final String NODE_TYPE_BROKER = "broker";
    static final String PROTOCOL_REMOTING = "remoting";
    static final String RETRY_PREFIX = "%RETRY%";

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

    private final Attributes base;

    /** The labels of the broker {@code brokerName} in {@code cluster}. */
    MetricLabels(String cluster, String brokerName) {
        this.base = Attributes.of(CLUSTER, cluster, NODE_TYPE, NODE_TYPE_BROKER, NODE_ID, brokerName);
    }

    /** The labels every series carries. */
    Attributes base() {
        return base;
    }

    /** A builder holding the labels every series carries. */
    AttributesBuilder builder() {
        return base.toBuilder();
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
