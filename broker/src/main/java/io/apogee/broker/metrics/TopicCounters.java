package io.apogee.broker.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ObjLongConsumer;

/**
 * A striped count per topic, for events the broker counts nowhere else (transactions committed, rolled back). A topic
 * seen before costs a map lookup and an add.
 *
 * <p>Thread-safe: any thread adds, the exporter's thread reads.
 */
public final class TopicCounters {
    private final Map<String, LongAdder> byTopic = new ConcurrentHashMap<>();

    /** Counts one event of {@code topic}. */
    public void increment(String topic) {
        LongAdder count = byTopic.get(topic);
        if (count == null) {
            count = byTopic.computeIfAbsent(topic, absent -> new LongAdder());
        }
        count.increment();
    }

    /** Hands each topic and its count to {@code visitor}. */
    public void forEach(ObjLongConsumer<String> visitor) {
        byTopic.forEach((topic, count) -> visitor.accept(topic, count.sum()));
    }
}
