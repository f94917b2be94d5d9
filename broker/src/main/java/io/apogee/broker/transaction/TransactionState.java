package io.apogee.broker.transaction;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which half messages are resolved, by their offset in the half queue: every offset below {@link #progress()} is,
 * and so are the ones in a set above it (resolved out of order); the set shrinks as progress passes them. Also how
 * often each unresolved one was checked. Rebuilt at start from the op and check records.
 *
 * <p>Thread-safe: END_TRANSACTION (admin thread) and the checker (timer thread) share it under its monitor.
 */
final class TransactionState {
    private final Set<Long> resolved = new HashSet<>();
    private final Map<Long, Integer> checks = new HashMap<>();
    private long progress;

    /** Marks {@code offset} resolved; false when it already was (a second END_TRANSACTION, or a late one). */
    synchronized boolean resolve(long offset) {
        if (offset < progress || !resolved.add(offset)) {
            return false;
        }
        checks.remove(offset);
        while (resolved.remove(progress)) {
            progress++;
        }
        return true;
    }

    /** Takes back a resolution whose records could not be written, so the message is checked again. */
    synchronized void unresolve(long offset) {
        if (offset >= progress) {
            resolved.remove(offset);
        }
    }

    /** Whether {@code offset} is resolved. */
    synchronized boolean isResolved(long offset) {
        return offset < progress || resolved.contains(offset);
    }

    /** Counts one more check of {@code offset}; returns the count. */
    synchronized int countCheck(long offset) {
        return checks.merge(offset, 1, Integer::sum);
    }

    /** How often {@code offset} was checked. */
    synchronized int checkCount(long offset) {
        return checks.getOrDefault(offset, 0);
    }

    /** Counts a check of {@code offset} replayed from its record, unless the offset is resolved already. */
    synchronized void recountCheck(long offset) {
        if (!isResolved(offset)) {
            checks.merge(offset, 1, Integer::sum);
        }
    }

    /** How many offsets below {@code end} are unresolved. */
    synchronized long unresolvedBelow(long end) {
        long above = 0;
        for (long offset : resolved) {
            if (offset < end) {
                above++;
            }
        }
        return Math.max(0, end - progress - above);
    }

    /** The first offset that may be unresolved. */
    synchronized long progress() {
        return progress;
    }

    /** Skips to {@code offset} when the half queue no longer holds anything below it (retention). */
    synchronized void skipTo(long offset) {
        if (offset > progress) {
            resolved.removeIf(resolvedOffset -> resolvedOffset < offset);
            checks.keySet().removeIf(checkedOffset -> checkedOffset < offset);
            progress = offset;
        }
        while (resolved.remove(progress)) {
            progress++;
        }
    }
}
