package io.apogee.broker.client;

import io.apogee.client.consumer.ReceivedMessage;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a test consumer received, checked against what was sent: how often each id arrived, from which queue, and
 * every message whose body or properties differ from the sent ones. Thread-safe.
 */
final class Delivered {
    final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    final Map<String, String> mismatches = new ConcurrentHashMap<>();
    final Map<Integer, AtomicInteger> byQueueId = new ConcurrentHashMap<>();
    private final Map<String, byte[]> sent;

    /** Checks deliveries against {@code sent}, bodies by id. */
    Delivered(Map<String, byte[]> sent) {
        this.sent = sent;
    }

    /** Records an Apogee delivery. */
    void record(ReceivedMessage message) {
        record(message.property("id"), message.bodyBytes(), message.tags(), message.keys(), message.msgId(),
            message.queue().queueId());
    }

    /** Records a delivery of either client. */
    void record(String id, byte[] body, String tags, String keys, String msgId, int queueId) {
        counts.computeIfAbsent(String.valueOf(id), k -> new AtomicInteger()).incrementAndGet();
        byQueueId.computeIfAbsent(queueId, k -> new AtomicInteger()).incrementAndGet();
        byte[] expected = id == null ? null : sent.get(id);
        if (expected == null || !Arrays.equals(expected, body) || !"TagA".equals(tags) || !("key-" + id).equals(keys)
            || msgId == null || msgId.length() != 32) {
            mismatches.put(String.valueOf(id), "body " + (body == null ? -1 : body.length) + " bytes, tags=" + tags
                + " keys=" + keys + " msgId=" + msgId);
        }
    }

    int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
