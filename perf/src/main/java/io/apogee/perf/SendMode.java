package io.apogee.perf;

/** How producer threads send: wait for each result, keep a window of sends in flight, or expect no answer. Immutable. */
public enum SendMode {
    /** {@code Producer.send} or {@code Producer.sendBatch}: the thread waits for the broker's answer. */
    SYNC,
    /** {@code Producer.sendAsync}: the client's in-flight window bounds what is outstanding. */
    ASYNC,
    /** {@code Producer.sendOneway}: no answer; a message counts as confirmed once written. */
    ONEWAY
}
