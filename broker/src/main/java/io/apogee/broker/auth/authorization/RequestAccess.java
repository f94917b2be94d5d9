package io.apogee.broker.auth.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.common.text.InternTable;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The resources and actions each request code needs, as RocketMQ's {@code DefaultAuthorizationContextBuilder} works
 * them out for remoting requests. Sends need Pub on the topic; pulls need Sub on the topic and the group; a retry
 * topic stands for its group. The codes it names one by one are handled here by code; the others follow the
 * {@code @RocketMQAction} and {@code @RocketMQResource} annotations of their RocketMQ header classes, copied into
 * {@link #ANNOTATED}. A code in neither needs nothing, and neither does a request without ext fields, as in RocketMQ.
 *
 * <p>Two differences. RocketMQ checks nothing for LITE_PULL_MESSAGE (361), because its header class is registered for
 * PULL_MESSAGE only; here it needs what a pull needs, so that the code is no way around an ACL. And the route of
 * TBW102 needs nothing: the broker port answers the name-server codes, and RocketMQ's name server gives that route to
 * anyone. A producer whose topic is new needs it to send at all; each send still needs Pub on its own topic.
 *
 * <p>Sends and pulls read their names through an intern table and allocate nothing. Thread-safe.
 */
public final class RequestAccess {
    private static final String TOPIC = "topic";
    private static final String GROUP = "group";
    private static final String CONSUMER_GROUP = "consumerGroup";
    private static final String CLUSTER_NAME = "clusterName";
    private static final String V2_TOPIC = "b";
    private static final String V2_GROUP = "a";
    private static final String TOPIC_LIST = "topicList";
    private static final String TOPIC_SEPARATOR = ";";
    /**
     * The template of auto-creation, as {@code TopicRegistry.AUTO_CREATE_TEMPLATE}: a producer asks its route when its
     * own topic has none yet.
     */
    static final String AUTO_CREATE_TEMPLATE = "TBW102";
    private static final int MAX_NAME_BYTES = 255;
    private static final int INTERNED_NAMES = 4096;

    /** One resource field of an annotated header: its ext-field key, its kind, and its separator when a list. */
    record Field(String key, ResourceType type, String separator) {
        static Field of(String key, ResourceType type) {
            return new Field(key, type, null);
        }
    }

    /**
     * The annotation of an annotated header: the action class's resource kind (CLUSTER means the broker's cluster when
     * no field names one), its actions and its resource fields in declaration order.
     */
    record Rule(ResourceType type, Actions actions, Field... fields) {
    }

    /** Receives each resource a request needs; returns false to stop at the first refusal. */
    @FunctionalInterface
    public interface Need<C> {
        /** One resource ({@code name} may be null when the request left it out) and the actions needed on it. */
        boolean need(C context, ResourceType type, String name, Actions actions);
    }

    /** The codes RocketMQ's builder names one by one, handled by code in {@link #forEach}. */
    static final Set<Integer> BY_CODE = Set.of(RequestCode.GET_ROUTEINFO_BY_TOPIC, RequestCode.SEND_MESSAGE,
        RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE, RequestCode.END_TRANSACTION,
        RequestCode.CONSUMER_SEND_MSG_BACK, RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE,
        RequestCode.QUERY_MESSAGE, RequestCode.HEART_BEAT, RequestCode.UNREGISTER_CLIENT,
        RequestCode.GET_CONSUMER_LIST_BY_GROUP, RequestCode.QUERY_CONSUMER_OFFSET, RequestCode.UPDATE_CONSUMER_OFFSET,
        RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ);

    /** RocketMQ 5.4.0's annotations for the codes Apogee serves that its builder does not name. */
    static final Map<Integer, Rule> ANNOTATED = annotated();

    private final String clusterName;
    private final InternTable names = new InternTable(INTERNED_NAMES, MAX_NAME_BYTES);
    private final ObjectMapper json = new ObjectMapper();

    /** The mapping for a broker of cluster {@code clusterName}, the cluster resource of cluster-wide codes. */
    public RequestAccess(String clusterName) {
        this.clusterName = Objects.requireNonNull(clusterName, "clusterName");
    }

    private static Map<Integer, Rule> annotated() {
        Field topic = Field.of(TOPIC, ResourceType.TOPIC);
        Field cluster = Field.of(CLUSTER_NAME, ResourceType.CLUSTER);
        Map<Integer, Rule> rules = new HashMap<>();
        rules.put(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.GET_MAX_OFFSET, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.GET_MIN_OFFSET, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.GET_EARLIEST_MSG_STORETIME, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.VIEW_MESSAGE_BY_ID, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.UPDATE_AND_CREATE_TOPIC, new Rule(ResourceType.TOPIC, Actions.CREATE, topic));
        rules.put(RequestCode.GET_ALL_TOPIC_CONFIG, new Rule(ResourceType.TOPIC, Actions.GET));
        rules.put(RequestCode.GET_TOPIC_STATS_INFO, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.GET_CONSUME_STATS, new Rule(ResourceType.TOPIC, Actions.GET,
            Field.of(CONSUMER_GROUP, ResourceType.GROUP), topic, new Field(TOPIC_LIST, ResourceType.TOPIC, TOPIC_SEPARATOR)));
        rules.put(RequestCode.GET_CONSUMER_CONNECTION_LIST, new Rule(ResourceType.TOPIC, Actions.GET,
            Field.of(CONSUMER_GROUP, ResourceType.GROUP)));
        rules.put(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.DELETE_TOPIC_IN_BROKER, new Rule(ResourceType.TOPIC, Actions.DELETE, topic));
        rules.put(RequestCode.GET_TOPIC_CONFIG, new Rule(ResourceType.TOPIC, Actions.GET, topic));
        rules.put(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, new Rule(ResourceType.GROUP, Actions.GET));
        rules.put(RequestCode.DELETE_SUBSCRIPTIONGROUP, new Rule(ResourceType.GROUP, Actions.DELETE,
            Field.of("groupName", ResourceType.GROUP)));
        rules.put(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, new Rule(ResourceType.GROUP, Actions.GET,
            Field.of(GROUP, ResourceType.GROUP)));
        rules.put(RequestCode.GET_PRODUCER_CONNECTION_LIST, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.GET_BROKER_CONSUME_STATS, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.VIEW_BROKER_STATS_DATA, new Rule(ResourceType.CLUSTER, Actions.GET));
        // a slave's copies of its master's timer progress and request modes: the broker's own state
        rules.put(RequestCode.GET_TIMER_CHECK_POINT, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.GET_ALL_MESSAGE_REQUEST_MODE, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.GET_CONSUMER_RUNNING_INFO, new Rule(ResourceType.GROUP, Actions.GET,
            Field.of(CONSUMER_GROUP, ResourceType.GROUP)));
        rules.put(RequestCode.CONSUME_MESSAGE_DIRECTLY, new Rule(ResourceType.GROUP, Actions.SUB,
            Field.of(CONSUMER_GROUP, ResourceType.GROUP), topic));
        rules.put(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, new Rule(ResourceType.GROUP, Actions.UPDATE,
            Field.of(GROUP, ResourceType.GROUP), topic));
        rules.put(RequestCode.PUT_KV_CONFIG, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.GET_KV_CONFIG, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.DELETE_KV_CONFIG, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.GET_KVLIST_BY_NAMESPACE, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.REGISTER_BROKER, new Rule(ResourceType.CLUSTER, Actions.UPDATE, cluster));
        rules.put(RequestCode.UNREGISTER_BROKER, new Rule(ResourceType.CLUSTER, Actions.UPDATE, cluster));
        rules.put(RequestCode.BROKER_HEARTBEAT, new Rule(ResourceType.CLUSTER, Actions.UPDATE, cluster));
        // RocketMQ's header names no field for it: the cluster resource without a name, as for PUT_KV_CONFIG
        rules.put(RequestCode.NOTIFY_BROKER_ROLE_CHANGED, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.QUERY_DATA_VERSION, new Rule(ResourceType.CLUSTER, Actions.GET, cluster));
        rules.put(RequestCode.DELETE_TOPIC_IN_NAMESRV, new Rule(ResourceType.CLUSTER, Actions.UPDATE, cluster));
        rules.put(RequestCode.AUTH_CREATE_USER, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_UPDATE_USER, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_DELETE_USER, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_GET_USER, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.AUTH_LIST_USER, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.AUTH_CREATE_ACL, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_UPDATE_ACL, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_DELETE_ACL, new Rule(ResourceType.CLUSTER, Actions.UPDATE));
        rules.put(RequestCode.AUTH_GET_ACL, new Rule(ResourceType.CLUSTER, Actions.GET));
        rules.put(RequestCode.AUTH_LIST_ACL, new Rule(ResourceType.CLUSTER, Actions.GET));
        return Map.copyOf(rules);
    }

    /**
     * Hands {@code need} each resource {@code request} needs with its actions, in RocketMQ's order, until it returns
     * false. Returns false when it did; true when every need was met or none was asked.
     *
     * @param body the request's body (read for heartbeats and queue locks), or null
     * @throws IllegalArgumentException when a body that names the resources is not JSON
     */
    public <C> boolean forEach(RemotingHeader request, ByteBuf body, Need<C> need, C context) {
        ExtFields ext = request.ext();
        if (ext.isEmpty()) {
            return true;
        }
        return switch (request.code()) {
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> route(ext, need, context);
            case RequestCode.SEND_MESSAGE -> send(ext, TOPIC, GROUP, need, context);
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE -> send(ext, V2_TOPIC, V2_GROUP, need, context);
            case RequestCode.END_TRANSACTION -> isBlank(text(ext, TOPIC))
                || need.need(context, ResourceType.TOPIC, text(ext, TOPIC), Actions.PUB);
            case RequestCode.CONSUMER_SEND_MSG_BACK -> group(ext, GROUP, Actions.SUB, need, context);
            case RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE -> topicAndGroup(ext, Actions.SUB, need, context);
            case RequestCode.QUERY_MESSAGE -> need.need(context, ResourceType.TOPIC, text(ext, TOPIC), Actions.SUB_GET);
            case RequestCode.HEART_BEAT -> heartbeat(body, need, context);
            case RequestCode.UNREGISTER_CLIENT -> isBlank(text(ext, CONSUMER_GROUP))
                || group(ext, CONSUMER_GROUP, Actions.SUB, need, context);
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> group(ext, CONSUMER_GROUP, Actions.SUB_GET, need, context);
            case RequestCode.QUERY_CONSUMER_OFFSET -> topicAndGroup(ext, Actions.SUB_GET, need, context);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> topicAndGroup(ext, Actions.SUB_UPDATE, need, context);
            case RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ -> locks(body, need, context);
            default -> annotated(ext, ANNOTATED.get(request.code()), need, context);
        };
    }

    private <C> boolean route(ExtFields ext, Need<C> need, C context) {
        String topic = text(ext, TOPIC);
        if (Resource.isRetryTopic(topic)) {
            return need.need(context, ResourceType.GROUP, Resource.groupName(topic), Actions.SUB_GET);
        }
        return AUTO_CREATE_TEMPLATE.equals(topic) || need.need(context, ResourceType.TOPIC, topic, Actions.PUB_SUB_GET);
    }

    private <C> boolean send(ExtFields ext, String topicKey, String groupKey, Need<C> need, C context) {
        String topic = text(ext, topicKey);
        if (Resource.isRetryTopic(topic)) {
            String group = text(ext, groupKey);
            String name = isBlank(group) ? topic : group;
            return need.need(context, ResourceType.GROUP, Resource.groupName(name), Actions.SUB);
        }
        return need.need(context, ResourceType.TOPIC, topic, Actions.PUB);
    }

    private <C> boolean group(ExtFields ext, String key, Actions actions, Need<C> need, C context) {
        return need.need(context, ResourceType.GROUP, Resource.groupName(text(ext, key)), actions);
    }

    /** A topic unless it is a retry topic, then the consumer group. */
    private <C> boolean topicAndGroup(ExtFields ext, Actions actions, Need<C> need, C context) {
        String topic = text(ext, TOPIC);
        if (!Resource.isRetryTopic(topic) && !need.need(context, ResourceType.TOPIC, topic, actions)) {
            return false;
        }
        return group(ext, CONSUMER_GROUP, actions, need, context);
    }

    private <C> boolean heartbeat(ByteBuf body, Need<C> need, C context) {
        for (JsonNode consumer : readBody(body).path("consumerDataSet")) {
            if (!need.need(context, ResourceType.GROUP, Resource.groupName(textOf(consumer, "groupName")), Actions.SUB)) {
                return false;
            }
            for (JsonNode subscription : consumer.path("subscriptionDataSet")) {
                String topic = textOf(subscription, TOPIC);
                if (!Resource.isRetryTopic(topic) && !need.need(context, ResourceType.TOPIC, topic, Actions.SUB)) {
                    return false;
                }
            }
        }
        return true;
    }

    private <C> boolean locks(ByteBuf body, Need<C> need, C context) {
        JsonNode root = readBody(body);
        if (!need.need(context, ResourceType.GROUP, Resource.groupName(textOf(root, CONSUMER_GROUP)), Actions.SUB)) {
            return false;
        }
        for (JsonNode queue : root.path("mqSet")) {
            String topic = textOf(queue, TOPIC);
            if (!Resource.isRetryTopic(topic) && !need.need(context, ResourceType.TOPIC, topic, Actions.SUB)) {
                return false;
            }
        }
        return true;
    }

    /**
     * As RocketMQ's {@code buildContextByAnnotation}: each present resource field, a retry topic standing for its
     * group; with none present, the broker's cluster when the code is cluster-wide, else nothing.
     */
    private <C> boolean annotated(ExtFields ext, Rule rule, Need<C> need, C context) {
        if (rule == null) {
            return true;
        }
        boolean any = false;
        for (Field field : rule.fields()) {
            String value = text(ext, field.key());
            if (value == null) {
                continue;
            }
            String[] values = field.separator() == null ? new String[] {value} : split(value, field.separator());
            for (String one : values) {
                any = true;
                boolean met = field.type() == ResourceType.TOPIC && Resource.isRetryTopic(one)
                    ? need.need(context, ResourceType.GROUP, Resource.groupName(one), rule.actions())
                    : need.need(context, field.type(), one, rule.actions());
                if (!met) {
                    return false;
                }
            }
        }
        if (!any && rule.type() == ResourceType.CLUSTER) {
            return need.need(context, ResourceType.CLUSTER, clusterName, rule.actions());
        }
        return true;
    }

    /** Splits as commons-lang's StringUtils.split does: no empty parts. */
    private static String[] split(String value, String separator) {
        return java.util.Arrays.stream(value.split(java.util.regex.Pattern.quote(separator)))
            .filter(part -> !part.isEmpty()).toArray(String[]::new);
    }

    private String text(ExtFields ext, String key) {
        int index = ext.indexOf(key);
        return index < 0 ? null : ext.valueInterned(index, names);
    }

    private JsonNode readBody(ByteBuf body) {
        if (body == null || !body.isReadable()) {
            return json.missingNode();
        }
        try {
            JsonNode root = json.readTree(new ByteBufInputStream(body.duplicate()));
            return root == null ? json.missingNode() : root;
        } catch (IOException e) {
            throw new IllegalArgumentException("the body is not JSON: " + e.getMessage(), e);
        }
    }

    private static String textOf(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
