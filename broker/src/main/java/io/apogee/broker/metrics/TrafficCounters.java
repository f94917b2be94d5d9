package io.apogee.broker.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

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
    private final Map<String, Received> bytesIn = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Delivered>> outByGroup = new ConcurrentHashMap<>();

    private TrafficCounters(boolean enabled) {
        this.enabled = enabled;
    }

    /** Counters that count. */
    public static TrafficCounters counting() {
        return new TrafficCounters(true);
    }

    /**
     * Counts {@code bytes} of {@code records} stored records one send of a client put on {@code topic}; the send's size
     * per record goes into the size histogram, as RocketMQ records one size per send.
     */
    public void received(String topic, long bytes, int records) {
        if (enabled) {
            // get first: computeIfAbsent may lock the map's bin even when the key is there
            Received received = bytesIn.get(topic);
            if (received == null) {
                received = bytesIn.computeIfAbsent(topic, absent -> new Received());
            }
            received.add(bytes, records);
        }
    }

    /** Counts {@code messages} of {@code bytes} in all that a pull of {@code group} delivered from {@code topic}. */
    public void delivered(String group, String topic, int messages, long bytes) {
        if (enabled) {
            Map<String, Delivered> topics = outByGroup.get(group);
            if (topics == null) {
                topics = outByGroup.computeIfAbsent(group, absent -> new ConcurrentHashMap<>());
            }
            Delivered counts = topics.get(topic);
            if (counts == null) {
                counts = topics.computeIfAbsent(topic, absent -> new Delivered());
            }
            counts.messages.add(messages);
            counts.bytes.add(bytes);
        }
    }

    /** Forgets the counts of every topic {@code exists} denies (deleted since), so that they leave the scrape. */
    public void retainTopics(Predicate<String> exists) {
        bytesIn.keySet().removeIf(exists.negate());
        outByGroup.values().forEach(topics -> topics.keySet().removeIf(exists.negate()));
    }

    /** Hands each topic's bytes received to {@code visitor}. */
    void forEachReceived(TopicVisitor visitor) {
        bytesIn.forEach((topic, received) -> visitor.visit(topic, received.bytes.sum()));
    }

    /** Hands each group and topic's messages and bytes delivered to {@code visitor}. */
    void forEachDelivered(DeliveryVisitor visitor) {
        outByGroup.forEach((group, topics) -> topics.forEach((topic, counts) ->
            visitor.visit(group, topic, counts.messages.sum(), counts.bytes.sum())));
    }

    /** Hands each topic's send sizes to {@code visitor}: per bucket of {@link MessageSizes#BOUNDS}, and their sum. */
    void forEachSize(SizeVisitor visitor) {
        bytesIn.forEach((topic, received) -> visitor.visit(topic, received.sizes.counts(), received.sizes.sum()));
    }

    /** Receives one topic's send sizes. */
    @FunctionalInterface
    interface SizeVisitor {
        void visit(String topic, long[] bucketCounts, long sum);
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

    /** Bytes one topic received, and the sizes of its sends. */
    private static final class Received {
        private final LongAdder bytes = new LongAdder();
        private final MessageSizes sizes = new MessageSizes();

        void add(long sent, int records) {
            bytes.add(sent);
            sizes.record(records > 0 ? sent / records : sent);
        }
    }

    /** Messages and bytes delivered to one group from one topic. */
    private static final class Delivered {
        private final LongAdder messages = new LongAdder();
        private final LongAdder bytes = new LongAdder();
    }
}
