package io.apogee.store.dispatch;

import io.apogee.store.queue.LogicalQueue;

/**
 * What the appender knows about one record it has just written, handed to the dispatcher so that it never has
 * to re-read the record: its place in the commit log, its queue and queue offset, its store time, and what the
 * appender reads from the record it wrote (tags code, and where its KEYS and UNIQ_KEY values are, relative to the
 * record's first byte, for the message index).
 *
 * <p>Single-writer: a ring slot, filled by the appender, then read by the dispatcher after the ring publishes it. Reused; never allocated per record.
 */
public final class DispatchEntry {
    private String topic;
    private LogicalQueue queue;
    private int queueId;
    private long queueOffset;
    private long physicalOffset;
    private int size;
    private long storeTimestamp;
    private boolean toConsumeQueue;
    private long tagsCode;
    private int keysOffset;
    private int keysLength;
    private int uniqueKeyOffset;
    private int uniqueKeyLength;

    /** Sets what the appender assigns and clears what the writer reports. Appender only. */
    public DispatchEntry stamp(String topic, int queueId, long queueOffset, long physicalOffset, int size,
        long storeTimestamp, boolean toConsumeQueue) {
        this.topic = topic;
        this.queue = null;
        this.queueId = queueId;
        this.queueOffset = queueOffset;
        this.physicalOffset = physicalOffset;
        this.size = size;
        this.storeTimestamp = storeTimestamp;
        this.toConsumeQueue = toConsumeQueue;
        this.tagsCode = 0;
        this.keysOffset = 0;
        this.keysLength = 0;
        this.uniqueKeyOffset = 0;
        this.uniqueKeyLength = 0;
        return this;
    }

    /** Drops the topic and queue references once dispatched. */
    void clear() {
        topic = null;
        queue = null;
    }

    /** Names the queue the appender already looked up, so the dispatcher need not look it up again. Appender only. */
    public DispatchEntry queue(LogicalQueue value) {
        queue = value;
        return this;
    }

    /** The queue the appender looked up, or null (then the dispatcher looks it up by topic and id). */
    public LogicalQueue queue() {
        return queue;
    }

    /** The topic. */
    public String topic() {
        return topic;
    }

    /** The queue id. */
    public int queueId() {
        return queueId;
    }

    /** The queue offset assigned to the record (0 when it does not go to a consume queue). */
    public long queueOffset() {
        return queueOffset;
    }

    /** The commit-log offset of the record. */
    public long physicalOffset() {
        return physicalOffset;
    }

    /** The record's total size. */
    public int size() {
        return size;
    }

    /** The store timestamp written into the record. */
    public long storeTimestamp() {
        return storeTimestamp;
    }

    /** Whether the record gets a consume-queue unit (not for prepared or rolled-back transactional records). */
    public boolean toConsumeQueue() {
        return toConsumeQueue;
    }

    /** The tags code for the consume-queue unit. */
    public long tagsCode() {
        return tagsCode;
    }

    /** Sets the tags code. Appender only. */
    public DispatchEntry tagsCode(long value) {
        tagsCode = value;
        return this;
    }

    /** Where the KEYS property value starts, relative to the record's first byte; 0 when absent. */
    public int keysOffset() {
        return keysOffset;
    }

    /** The length of the KEYS property value; 0 when absent. */
    public int keysLength() {
        return keysLength;
    }

    /** Sets where the KEYS value is, relative to the record's first byte. Record writer. */
    public DispatchEntry keys(int offset, int length) {
        keysOffset = offset;
        keysLength = length;
        return this;
    }

    /** Where the UNIQ_KEY property value starts, relative to the record's first byte; 0 when absent. */
    public int uniqueKeyOffset() {
        return uniqueKeyOffset;
    }

    /** The length of the UNIQ_KEY property value; 0 when absent. */
    public int uniqueKeyLength() {
        return uniqueKeyLength;
    }

    /** Sets where the UNIQ_KEY value is, relative to the record's first byte. Record writer. */
    public DispatchEntry uniqueKey(int offset, int length) {
        uniqueKeyOffset = offset;
        uniqueKeyLength = length;
        return this;
    }
}
