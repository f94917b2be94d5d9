package io.apogee.broker.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.SubscriptionGroup;
import java.io.IOException;

/**
 * A {@link SubscriptionGroup} in the JSON form of RocketMQ's {@code SubscriptionGroupConfig}, both ways. Reading checks
 * every field's type and range; a field left out takes RocketMQ's default. The retry policy and the attributes must be
 * JSON objects and are kept as given.
 *
 * <p>Stateless; safe for any thread.
 */
public final class SubscriptionGroupJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_RETRY_QUEUES = 1024;

    private SubscriptionGroupJson() {
    }

    /** The group of a JSON text, or why it is none. */
    public record Parsed(SubscriptionGroup group, String problem) {
        static Parsed refused(String problem) {
            return new Parsed(null, problem);
        }
    }

    /** {@code group} as RocketMQ's client reads it. */
    public static ObjectNode of(SubscriptionGroup group) {
        ObjectNode node = JSON.createObjectNode();
        node.put("groupName", group.name());
        node.put("consumeEnable", group.consumeEnabled());
        node.put("consumeFromMinEnable", group.fromMinEnabled());
        node.put("consumeBroadcastEnable", group.broadcastEnabled());
        node.put("consumeMessageOrderly", group.orderly());
        node.put("retryQueueNums", group.retryQueues());
        node.put("retryMaxTimes", group.retryMaxTimes());
        if (!group.retryPolicyJson().isEmpty()) {
            node.set("groupRetryPolicy", tree(group.retryPolicyJson()));
        }
        node.put("brokerId", group.brokerId());
        node.put("whichBrokerWhenConsumeSlowly", group.slowConsumerBrokerId());
        node.put("notifyConsumerIdsChangedEnable", group.notifyIdsChanged());
        node.put("groupSysFlag", group.sysFlag());
        node.put("consumeTimeoutMinute", group.consumeTimeoutMinutes());
        node.set("attributes", tree(group.attributesJson()));
        return node;
    }

    /** The group {@code text} describes, or the first problem found, naming the field. */
    public static Parsed parse(String text) {
        JsonNode root;
        try {
            root = text.isBlank() ? null : JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return Parsed.refused("the body is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            return Parsed.refused("the body must be a SubscriptionGroupConfig JSON object");
        }
        JsonNode name = root.path("groupName");
        if (!name.isTextual()) {
            return Parsed.refused("groupName must be a string");
        }
        Fields fields = new Fields(root);
        boolean consume = fields.bool("consumeEnable", true);
        boolean fromMin = fields.bool("consumeFromMinEnable", true);
        boolean broadcast = fields.bool("consumeBroadcastEnable", true);
        boolean orderly = fields.bool("consumeMessageOrderly", false);
        long retryQueues = fields.number("retryQueueNums", 1, 0, MAX_RETRY_QUEUES);
        long retryMaxTimes = fields.number("retryMaxTimes", 16, -1, Integer.MAX_VALUE);
        long brokerId = fields.number("brokerId", 0, 0, Long.MAX_VALUE);
        long slowBrokerId = fields.number("whichBrokerWhenConsumeSlowly", 1, 0, Long.MAX_VALUE);
        boolean notify = fields.bool("notifyConsumerIdsChangedEnable", true);
        long sysFlag = fields.number("groupSysFlag", 0, 0, Integer.MAX_VALUE);
        long timeout = fields.number("consumeTimeoutMinute", SubscriptionGroup.DEFAULT_CONSUME_TIMEOUT_MINUTES, 0,
            Integer.MAX_VALUE);
        String retryPolicy = fields.object("groupRetryPolicy", "");
        String attributes = fields.object("attributes", SubscriptionGroup.NO_ATTRIBUTES);
        if (fields.problem != null) {
            return Parsed.refused(fields.problem);
        }
        return new Parsed(new SubscriptionGroup(name.asText(), consume, fromMin, broadcast, (int) retryQueues,
            (int) retryMaxTimes, brokerId, slowBrokerId, notify, orderly, (int) sysFlag, (int) timeout, retryPolicy,
            attributes), null);
    }

    private static JsonNode tree(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("a kept JSON field no longer parses: " + text, e);
        }
    }

    /** Reads optional fields of one object, keeping the first problem. Not thread-safe; one per parse. */
    private static final class Fields {
        private final JsonNode root;
        private String problem;

        Fields(JsonNode root) {
            this.root = root;
        }

        boolean bool(String field, boolean fallback) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                return fallback;
            }
            if (!node.isBoolean()) {
                refuse(field + " must be true or false: " + node);
                return fallback;
            }
            return node.asBoolean();
        }

        long number(String field, long fallback, long min, long max) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                return fallback;
            }
            if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < min || node.asLong() > max) {
                refuse(field + " must be a whole number from " + min + " to " + max + ": " + node);
                return fallback;
            }
            return node.asLong();
        }

        String object(String field, String fallback) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                return fallback;
            }
            if (!node.isObject()) {
                refuse(field + " must be a JSON object: " + node);
                return fallback;
            }
            return node.toString();
        }

        private void refuse(String text) {
            if (problem == null) {
                problem = text;
            }
        }
    }
}
