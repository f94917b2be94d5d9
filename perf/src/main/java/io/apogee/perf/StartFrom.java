package io.apogee.perf;

/** Where a fresh consumer group starts on each queue. Immutable. */
public enum StartFrom {
    /** The first offset: everything stored, including earlier runs' messages (those are recognised and skipped). */
    FIRST,
    /** The last offset: only messages that arrive after the group has its queues. */
    LAST
}
