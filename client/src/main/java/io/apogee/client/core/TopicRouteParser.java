package io.apogee.client.core;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads the TopicRouteData JSON of docs/protocol.md §5, in standard form or in fastjson's default form with unquoted
 * numeric keys ({@code {0:"addr"}}); unknown fields are ignored. Thread-safe (its mapper is).
 */
public final class TopicRouteParser {
    private final ObjectMapper mapper = JsonMapper.builder()
        .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
        .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
        .build();

    /** The mapper, lenient as fastjson, for the other JSON bodies of the protocol. */
    public ObjectMapper mapper() {
        return mapper;
    }

    /**
     * Parses a route body.
     *
     * @throws IOException if it is not JSON of that shape
     */
    public TopicRoute parse(InputStream json) throws IOException {
        JsonNode root;
        try (JsonParser parser = mapper.createParser(json)) {
            root = mapper.readTree(parser);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("route body is not a JSON object");
        }
        Map<String, Map<Long, String>> brokers = new HashMap<>();
        for (JsonNode broker : root.path("brokerDatas")) {
            Map<Long, String> addresses = new HashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = broker.path("brokerAddrs").properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                addresses.put(Long.parseLong(entry.getKey().trim()), entry.getValue().asText());
            }
            brokers.put(broker.path("brokerName").asText(), addresses);
        }
        List<TopicRoute.QueueData> queues = new ArrayList<>();
        for (JsonNode queue : root.path("queueDatas")) {
            queues.add(new TopicRoute.QueueData(queue.path("brokerName").asText(), queue.path("readQueueNums").asInt(),
                queue.path("writeQueueNums").asInt(), queue.path("perm").asInt()));
        }
        return new TopicRoute(brokers, queues);
    }
}
