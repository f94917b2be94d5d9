package io.apogee.common.agent;

import io.apogee.common.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Keeps each distinct error once, with how many times it happened and when first and last, so that a failure
 * repeated a million times costs a counter, not a million log lines. Two errors are the same when they have the
 * same type, message and throwing frame. The log is bounded: once {@code capacity} distinct errors are kept,
 * new kinds are only counted in {@link #overflowCount()}.
 *
 * <p>Thread-safe: errors may be recorded from any thread; methods are synchronized, which is fine because
 * errors are rare by definition.
 */
public final class DistinctErrorLog implements ErrorHandler {
    /** Told the first time each distinct error is seen, for example to write it to the log once. */
    @FunctionalInterface
    public interface FirstSightListener {
        /** {@code error} from {@code roleName} has not been seen before. */
        void onFirstSight(String roleName, Throwable error);
    }

    /** One distinct error and its counts. */
    public record Entry(String roleName, Throwable first, long count, long firstMillis, long lastMillis) {
    }

    private final Clock clock;
    private final int capacity;
    private final FirstSightListener listener;
    private final List<MutableEntry> entries = new ArrayList<>();
    private long overflowCount;

    /**
     * @param clock    stamps first and last sightings
     * @param capacity the most distinct errors kept
     * @param listener told once per distinct error
     */
    public DistinctErrorLog(Clock clock, int capacity, FirstSightListener listener) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.capacity = capacity;
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void onError(String roleName, Throwable error) {
        record(roleName, error);
    }

    /** Records {@code error}; returns true when it was seen for the first time. */
    public boolean record(String roleName, Throwable error) {
        long now = clock.millis();
        synchronized (this) {
            for (MutableEntry entry : entries) {
                if (entry.matches(roleName, error)) {
                    entry.count++;
                    entry.lastMillis = now;
                    return false;
                }
            }
            if (entries.size() == capacity) {
                overflowCount++;
                return false;
            }
            entries.add(new MutableEntry(roleName, error, now));
        }
        listener.onFirstSight(roleName, error);
        return true;
    }

    /** How many distinct errors are kept. */
    public synchronized int distinctCount() {
        return entries.size();
    }

    /** Every error recorded, distinct or not, including those past capacity. */
    public synchronized long totalCount() {
        long total = overflowCount;
        for (MutableEntry entry : entries) {
            total += entry.count;
        }
        return total;
    }

    /** Errors of kinds not kept because the log was full. */
    public synchronized long overflowCount() {
        return overflowCount;
    }

    /** A copy of the kept entries, oldest first. */
    public synchronized List<Entry> entries() {
        List<Entry> copy = new ArrayList<>(entries.size());
        for (MutableEntry entry : entries) {
            copy.add(new Entry(entry.roleName, entry.first, entry.count, entry.firstMillis, entry.lastMillis));
        }
        return copy;
    }

    private static final class MutableEntry {
        private final String roleName;
        private final Throwable first;
        private final long firstMillis;
        private long count = 1;
        private long lastMillis;

        MutableEntry(String roleName, Throwable first, long now) {
            this.roleName = roleName;
            this.first = first;
            this.firstMillis = now;
            this.lastMillis = now;
        }

        boolean matches(String otherRole, Throwable other) {
            return roleName.equals(otherRole)
                && first.getClass() == other.getClass()
                && Objects.equals(first.getMessage(), other.getMessage())
                && Objects.equals(topFrame(first), topFrame(other));
        }

        private static StackTraceElement topFrame(Throwable error) {
            StackTraceElement[] trace = error.getStackTrace();
            return trace.length == 0 ? null : trace[0];
        }
    }
}
