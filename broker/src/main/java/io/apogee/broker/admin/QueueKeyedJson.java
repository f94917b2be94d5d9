package io.apogee.broker.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;

/**
 * A JSON map keyed by message queue as fastjson writes RocketMQ's {@code Map<MessageQueue, ...>}: each key is the
 * queue as a JSON object, unquoted, {@code {{"brokerName":"b","queueId":0,"topic":"T"}:{...}}}. Not standard JSON,
 * but the only form the official clients parse for TopicStatsTable and ConsumeStats (a key written as a quoted
 * string fails there), so it is assembled here from Jackson-written parts.
 *
 * <p>Not thread-safe: one per answer.
 */
final class QueueKeyedJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final StringBuilder json = new StringBuilder(256);
    private int entries;

    /** Starts {@code {"<field>":{}. */
    QueueKeyedJson(String field) {
        json.append("{\"").append(field).append("\":{");
    }

    /** Adds the entry of queue {@code queueId} of {@code topic} on {@code brokerName}. */
    QueueKeyedJson put(String brokerName, String topic, int queueId, ObjectNode value) {
        key(brokerName, topic, queueId).append(write(value));
        return this;
    }

    /** Adds the entry of queue {@code queueId} of {@code topic} on {@code brokerName}, with a number as its value. */
    QueueKeyedJson put(String brokerName, String topic, int queueId, long value) {
        key(brokerName, topic, queueId).append(value);
        return this;
    }

    /** Appends the queue's key and its colon, after a comma unless it is the first entry. */
    private StringBuilder key(String brokerName, String topic, int queueId) {
        ObjectNode key = MAPPER.createObjectNode();
        key.put("brokerName", brokerName);
        key.put("queueId", queueId);
        key.put("topic", topic);
        if (entries++ > 0) {
            json.append(',');
        }
        return json.append(write(key)).append(':');
    }

    /** Closes the map and returns the UTF-8 bytes. */
    byte[] finish() {
        return json.append("}}").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A new empty object for a value. */
    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Closes the map, adds {@code extraField}: {@code extraValue} (a number) and returns the UTF-8 bytes. */
    byte[] finish(String extraField, double extraValue) {
        return finishText(extraField, extraValue).getBytes(StandardCharsets.UTF_8);
    }

    /** As {@link #finish}, as text: for a map nested in a larger answer. */
    String finishText(String extraField, double extraValue) {
        json.append("},\"").append(extraField).append("\":").append(extraValue).append('}');
        return json.toString();
    }

    private static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
