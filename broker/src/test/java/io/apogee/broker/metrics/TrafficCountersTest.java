package io.apogee.broker.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The striped counters of the send and pull paths: sums per topic and per group and topic; the disabled ones stay empty. */
class TrafficCountersTest {
    @Test
    void sumsPerTopicAndPerGroupAndTopic() throws InterruptedException {
        TrafficCounters counters = TrafficCounters.counting();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 1_000; i++) {
                    counters.received("a", 10, 1);
                    counters.delivered("g", "a", 2, 20);
                }
            });
        }
        for (Thread thread : threads) {
            thread.join();
        }
        counters.received("b", 7, 1);
        counters.delivered("h", "a", 1, 5);
        Map<String, Long> received = new HashMap<>();
        counters.forEachReceived(received::put);
        assertThat(received).containsExactlyInAnyOrderEntriesOf(Map.of("a", 40_000L, "b", 7L));
        Map<String, long[]> delivered = new HashMap<>();
        counters.forEachDelivered((group, topic, messages, bytes) -> delivered.put(group + '@' + topic,
            new long[] {messages, bytes}));
        assertThat(delivered.get("g@a")).containsExactly(8_000L, 80_000L);
        assertThat(delivered.get("h@a")).containsExactly(1L, 5L);

        counters.retainTopics("b"::equals);
        delivered.clear();
        counters.forEachDelivered((group, topic, messages, bytes) -> delivered.put(group + '@' + topic, null));
        assertThat(delivered).as("only topic a was delivered").isEmpty();
        received.clear();
        counters.forEachReceived(received::put);
        assertThat(received).containsExactly(Map.entry("b", 7L));
    }

    @Test
    void theDisabledCountersCountNothing() {
        TrafficCounters.DISABLED.received("a", 10, 1);
        TrafficCounters.DISABLED.delivered("g", "a", 1, 10);
        Map<String, Long> received = new HashMap<>();
        TrafficCounters.DISABLED.forEachReceived(received::put);
        assertThat(received).isEmpty();
    }
}
