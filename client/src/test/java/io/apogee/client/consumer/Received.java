package io.apogee.client.consumer;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** What a test consumer saw: how often each id arrived, and any message whose content did not match. Thread-safe. */
final class Received {
    final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    final Map<String, String> mismatches = new ConcurrentHashMap<>();
    final Map<Integer, AtomicInteger> byQueueId = new ConcurrentHashMap<>();

    /** Records a message whose body is {@code id}, checking its properties against what the sender set. */
    void record(String id, String tags, String keys, String idProperty, String msgId, int queueId) {
        counts.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        byQueueId.computeIfAbsent(queueId, k -> new AtomicInteger()).incrementAndGet();
        String expectedTags = Math.floorMod(id.hashCode(), 2) == 0 ? "TagA" : "TagB";
        if (!expectedTags.equals(tags) || !("key-" + id).equals(keys) || !id.equals(idProperty) || msgId == null
            || msgId.length() != 32) {
            mismatches.put(id, "tags=" + tags + " keys=" + keys + " id=" + idProperty + " msgId=" + msgId);
        }
    }

    void record(ReceivedMessage message) {
        byte[] body = message.bodyBytes();
        record(new String(body, StandardCharsets.UTF_8), message.tags(), message.keys(), message.property("id"),
            message.msgId(), message.queue().queueId());
    }

    int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
