package io.apogee.broker.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counts of traffic the broker keeps nowhere else: bytes of the records clients sent, per topic, and messages and
 * bytes delivered by pulls, per consumer group and topic. Each count is a {@link LongAdder}, so the I/O threads that
 * add to one seldom contend; a topic or group seen before costs a map lookup and an add, with no allocation.
 * {@link #DISABLED} counts nothing, for a broker whose metrics are off.
 *
 * <p>Thread-safe: any thread adds, the exporter's thread reads.
 */
public final class TrafficCounters {
    /** Counts nothing. */
    public static final TrafficCounters DISABLED = new TrafficCounters(false);

    private final boolean enabled;
    private final Map<String, LongAdder> bytesIn = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Delivered>> outByGroup = new ConcurrentHashMap<>();

    private TrafficCounters(boolean enabled) {
        this.enabled = enabled;
    }

    /** Counters that count. */
    public static TrafficCounters counting() {
        return new TrafficCounters(true);
    }

    /** Counts {@code bytes} of stored records sent by a client to {@code topic}. */
    public void received(String topic, long bytes) {
        if (enabled) {
            bytesIn.computeIfAbsent(topic, absent -> new LongAdder()).add(bytes);
        }
    }

    /** Counts {@code messages} of {@code bytes} in all that a pull of {@code group} delivered from {@code topic}. */
    public void delivered(String group, String topic, int messages, long bytes) {
        if (enabled) {
            Delivered counts = outByGroup.computeIfAbsent(group, absent -> new ConcurrentHashMap<>())
                .computeIfAbsent(topic, absent -> new Delivered());
            counts.messages.add(messages);
            counts.bytes.add(bytes);
        }
    }

    /** Forgets the counts of {@code topic}, deleted. */
    public void forgetTopic(String topic) {
        bytesIn.remove(topic);
        outByGroup.values().forEach(topics -> topics.remove(topic));
    }

    /** Hands each topic's bytes received to {@code visitor}. */
    void forEachReceived(TopicVisitor visitor) {
        bytesIn.forEach((topic, bytes) -> visitor.visit(topic, bytes.sum()));
    }

    /** Hands each group and topic's messages and bytes delivered to {@code visitor}. */
    void forEachDelivered(DeliveryVisitor visitor) {
        outByGroup.forEach((group, topics) -> topics.forEach((topic, counts) ->
            visitor.visit(group, topic, counts.messages.sum(), counts.bytes.sum())));
    }

    /** Receives one topic's count. */
    @FunctionalInterface
    interface TopicVisitor {
        void visit(String topic, long bytes);
    }

    /** Receives one group and topic's delivered counts. */
    @FunctionalInterface
    interface DeliveryVisitor {
        void visit(String group, String topic, long messages, long bytes);
    }

    /** Messages and bytes delivered to one group from one topic. */
    private static final class Delivered {
        private final LongAdder messages = new LongAdder();
        private final LongAdder bytes = new LongAdder();
    }
}
