package io.apogee.cli.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a verification found: the problems (the first {@link #MAX_LISTED} kept, the rest only counted, so that a
 * badly damaged store of many GiB cannot fill the heap) and the totals the checks add up.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
public final class Findings {
    /** Problems kept with their details; later ones are counted only. */
    public static final int MAX_LISTED = 10_000;

    private final List<Problem> listed = new ArrayList<>();
    private long problems;
    private long records;
    private long recordBytes;
    private long logEnd;
    private int topics;
    private int queues;
    private long queueUnits;
    private long indexEntries;

    /** Adds a problem. */
    public void add(String file, long offset, String what) {
        problems++;
        if (listed.size() < MAX_LISTED) {
            listed.add(new Problem(file, offset, what));
        }
    }

    /** The problems kept, in the order found. */
    public List<Problem> listed() {
        return Collections.unmodifiableList(listed);
    }

    /** Every problem found, the unlisted ones included. */
    public long problems() {
        return problems;
    }

    /** True when nothing is wrong. */
    public boolean healthy() {
        return problems == 0;
    }

    void countRecord(int size) {
        records++;
        recordBytes += size;
    }

    void logEnd(long value) {
        logEnd = value;
    }

    void topicsAndQueues(int topicCount, int queueCount) {
        topics = topicCount;
        queues = queueCount;
    }

    void countQueueUnit() {
        queueUnits++;
    }

    void countIndexEntry() {
        indexEntries++;
    }

    /** Framing-intact records in the commit log. */
    public long records() {
        return records;
    }

    /** Bytes of those records. */
    public long recordBytes() {
        return recordBytes;
    }

    /** The commit-log offset just past the last written byte. */
    public long logEnd() {
        return logEnd;
    }

    /** Topics seen in the log or the consume queues. */
    public int topics() {
        return topics;
    }

    /** Queues (topic and queue id) seen in the log or the consume queues. */
    public int queues() {
        return queues;
    }

    /** Consume-queue units checked. */
    public long queueUnits() {
        return queueUnits;
    }

    /** Index entries checked. */
    public long indexEntries() {
        return indexEntries;
    }
}
