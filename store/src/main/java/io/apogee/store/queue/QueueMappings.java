package io.apogee.store.queue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The budget of mappings all consume-queue files may hold together, and the release of idle queues' mappings when
 * it is spent. Each mapped file costs one of the mappings the operating system allows a process (Linux's
 * {@code vm.max_map_count}, 65,530 by default), which the commit log, the index and the JVM need too: past it a
 * mapping fails. A queue asks here before it maps a file. When the budget is spent, the least recently used idle
 * queues let go of their mappings (see {@link ConsumeQueue#releaseIfIdle()}) and map them again when next used.
 * Recency is counted in mapping events: a queue used after the latest one is newer than any used before it.
 *
 * <p>Thread-safe: any thread reserves (under this object's monitor when the budget is spent) and returns mappings.
 * Lock order: a queue's lock, then this monitor, then other queues' locks only tried, never waited for.
 */
public final class QueueMappings {
    /** Frees this share of the limit more than asked for, so the next new queues find room without a scan. */
    private static final int SLACK_DIVISOR = 16;

    private final int limit;
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong released = new AtomicLong();
    private final Set<ConsumeQueue> mapped = ConcurrentHashMap.newKeySet();

    /** A budget of {@code limit} mappings. */
    public QueueMappings(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        this.limit = limit;
    }

    /** A budget no store reaches, for tests of a single queue. */
    public static QueueMappings unlimited() {
        return new QueueMappings(Integer.MAX_VALUE);
    }

    /** The most mappings consume-queue files may hold together. */
    public int limit() {
        return limit;
    }

    /** The mappings consume-queue files hold now. */
    public int held() {
        return held.get();
    }

    /** How many queues have let go of their mappings for the budget so far. */
    public long releasedQueues() {
        return released.get();
    }

    /** The recency stamp of a use now. */
    long now() {
        return events.get();
    }

    /**
     * Takes {@code count} mappings for {@code queue}, releasing the mappings of the least recently used idle queues
     * when the budget is spent. Returns false, taking nothing, when not enough of them are idle.
     */
    boolean reserve(ConsumeQueue queue, int count) {
        events.incrementAndGet();
        if (!tryTake(count)) {
            synchronized (this) {
                if (!tryTake(count)) {
                    releaseIdle(queue, count);
                    if (!tryTake(count)) {
                        return false;
                    }
                }
            }
        }
        mapped.add(queue);
        return true;
    }

    /**
     * Takes {@code count} mappings for {@code queue} whatever the budget, after releasing what idle queues hold: at
     * startup, when loading and recovery must map what they read.
     */
    void admit(ConsumeQueue queue, int count) {
        if (!reserve(queue, count)) {
            held.addAndGet(count);
            mapped.add(queue);
        }
    }

    /** {@code count} mappings of {@code queue} are gone (unmapped once their readers are done). */
    void returned(int count) {
        held.addAndGet(-count);
    }

    /** {@code queue} holds no mapping any more. */
    void forget(ConsumeQueue queue) {
        mapped.remove(queue);
    }

    private boolean tryTake(int count) {
        while (true) {
            int current = held.get();
            if ((long) current + count > limit) {
                return false;
            }
            if (held.compareAndSet(current, current + count)) {
                return true;
            }
        }
    }

    /** Releases idle queues, oldest use first, until {@code count} more fit with some slack. Under the monitor. */
    private void releaseIdle(ConsumeQueue requester, int count) {
        long target = (long) limit - count - limit / SLACK_DIVISOR;
        List<Candidate> candidates = new ArrayList<>(mapped.size());
        for (ConsumeQueue queue : mapped) {
            if (queue != requester) {
                candidates.add(new Candidate(queue, queue.lastUse())); // a stamp read once: uses go on meanwhile
            }
        }
        candidates.sort(Comparator.comparingLong(Candidate::lastUse));
        for (Candidate candidate : candidates) {
            if (held.get() <= Math.max(target, 0)) {
                return;
            }
            if (candidate.queue().releaseIfIdle() > 0) {
                released.incrementAndGet();
            }
        }
    }

    /** A queue and its last use when the scan began. */
    private record Candidate(ConsumeQueue queue, long lastUse) {
    }
}
