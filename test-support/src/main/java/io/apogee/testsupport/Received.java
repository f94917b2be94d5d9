package io.apogee.testsupport;

import io.apogee.testsupport.scenario.Incoming;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * What a consumer received, by the producer's message id, with a count per id. Any message type: the scenarios
 * collect {@link Incoming}, a client's own tests its native type. Thread-safe: consumer threads record, the test
 * thread reads.
 *
 * @param <M> the message type
 */
public final class Received<M> {
    private final Function<M, String> idOf;
    private final Map<String, M> messages = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

    /** A collector keying each message by {@code idOf}, its message id. */
    public Received(Function<M, String> idOf) {
        this.idOf = idOf;
    }

    /** A collector of the scenarios' messages. */
    public static Received<Incoming> incoming() {
        return new Received<>(Incoming::msgId);
    }

    /** Records one delivery of {@code message}. */
    public void record(M message) {
        String id = idOf.apply(message);
        messages.put(id, message);
        counts.computeIfAbsent(id, key -> new AtomicInteger()).incrementAndGet();
    }

    /** Distinct messages received. */
    public int total() {
        return messages.size();
    }

    /** The fewest times any one message received was delivered. */
    public int minCount() {
        return counts.values().stream().mapToInt(AtomicInteger::get).min().orElse(0);
    }

    /** The messages received, by message id. */
    public Map<String, M> messages() {
        return messages;
    }

    /** The most times any one message was delivered. */
    public int maxCount() {
        return counts.values().stream().mapToInt(AtomicInteger::get).max().orElse(0);
    }
}
