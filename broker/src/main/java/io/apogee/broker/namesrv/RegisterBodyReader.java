package io.apogee.broker.namesrv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the topics out of a REGISTER_BROKER body: RegisterBrokerBody JSON, whose
 * {@code topicConfigSerializeWrapper.topicConfigTable} holds each topic's TopicConfig. Apogee's and Apache RocketMQ's
 * brokers both send it. Stateless apart from the thread-safe mapper; safe for any thread.
 */
public final class RegisterBodyReader {
    private static final int DEFAULT_PERM = 6;

    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * The queues of each topic {@code brokerName} serves, by topic; empty for an empty body.
     *
     * @throws IOException if the body is not a RegisterBrokerBody
     */
    public Map<String, QueueData> topics(ByteBuf body, String brokerName) throws IOException {
        Map<String, QueueData> topics = new LinkedHashMap<>();
        if (!body.isReadable()) {
            return topics;
        }
        JsonNode root;
        try (ByteBufInputStream in = new ByteBufInputStream(body.duplicate())) {
            root = mapper.readTree((java.io.InputStream) in);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        JsonNode table = root.path("topicConfigSerializeWrapper").path("topicConfigTable");
        for (Iterator<Map.Entry<String, JsonNode>> it = table.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode config = entry.getValue();
            topics.put(entry.getKey(), new QueueData(brokerName, config.path("readQueueNums").asInt(0),
                config.path("writeQueueNums").asInt(0), config.path("perm").asInt(DEFAULT_PERM),
                config.path("topicSysFlag").asInt(0)));
        }
        return topics;
    }
}
