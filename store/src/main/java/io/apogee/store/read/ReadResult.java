package io.apogee.store.read;

import io.apogee.store.file.MappedSegment;
import io.apogee.wire.message.ConsumeQueueEntry;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The answer to a queue read, reused across reads: a {@link ReadStatus}, the next offset to read from, the queue's
 * min and max offsets, and the messages as views of the mapped commit log. Message {@code i} is the
 * {@link #size(int)} bytes at {@link #position(int)} of {@link #buffer(int)} (absolute accessors only), or
 * {@link #slice(int)} for a standalone zero-copy {@link ByteBuffer} (one small view object). The segments holding
 * the messages are retained until {@link #release()}, so they stay mapped while the bytes are sent; the caller
 * must release every result it read into.
 *
 * <p>Not thread-safe: one per reading thread (or per request), reused after {@link #release()}.
 */
public final class ReadResult {
    private final MappedSegment[] segments;
    private final int[] positions;
    private final int[] sizes;
    private final long[] queueOffsets;
    private final long[] physicalOffsets;
    private final ConsumeQueueEntry unit = new ConsumeQueueEntry();
    private final StoredRecord record = new StoredRecord();
    private MappedSegment[] retained = new MappedSegment[2];
    private int retainedCount;
    private int count;
    private long totalBytes;
    private ReadStatus status = ReadStatus.QUEUE_NOT_FOUND;
    private long nextOffset;
    private long minOffset;
    private long maxOffset;

    /** Creates a result holding up to {@code capacity} messages. */
    public ReadResult(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        segments = new MappedSegment[capacity];
        positions = new int[capacity];
        sizes = new int[capacity];
        queueOffsets = new long[capacity];
        physicalOffsets = new long[capacity];
    }

    /** The most messages one read can return into this result. */
    public int capacity() {
        return segments.length;
    }

    /** The outcome. */
    public ReadStatus status() {
        return status;
    }

    /** Where the next read should start: one past the last entry scanned. */
    public long nextOffset() {
        return nextOffset;
    }

    /** The queue's min offset at the time of the read. */
    public long minOffset() {
        return minOffset;
    }

    /** The queue's max offset (exclusive) at the time of the read. */
    public long maxOffset() {
        return maxOffset;
    }

    /** How many messages were returned. */
    public int count() {
        return count;
    }

    /** The bytes of all messages returned. */
    public long totalBytes() {
        return totalBytes;
    }

    /** The mapped buffer holding message {@code i}; read it with absolute accessors only. */
    public ByteBuffer buffer(int i) {
        checkIndex(i);
        return segments[i].readBuffer();
    }

    /** Where message {@code i} starts in {@link #buffer(int)}. */
    public int position(int i) {
        checkIndex(i);
        return positions[i];
    }

    /** The size of message {@code i}. */
    public int size(int i) {
        checkIndex(i);
        return sizes[i];
    }

    /** The queue offset of message {@code i}. */
    public long queueOffset(int i) {
        checkIndex(i);
        return queueOffsets[i];
    }

    /** The commit-log offset of message {@code i}. */
    public long physicalOffset(int i) {
        checkIndex(i);
        return physicalOffsets[i];
    }

    /** A zero-copy read-only view of message {@code i}, valid until {@link #release()}. */
    public ByteBuffer slice(int i) {
        return buffer(i).slice(positions[i], sizes[i]);
    }

    /** Releases the segments held and empties the result. Idempotent. */
    public void release() {
        for (int i = 0; i < retainedCount; i++) {
            retained[i].release();
            retained[i] = null;
        }
        retainedCount = 0;
        Arrays.fill(segments, 0, count, null);
        count = 0;
        totalBytes = 0;
    }

    void begin() {
        if (retainedCount != 0 || count != 0) {
            throw new IllegalStateException("read into a result that was not released");
        }
    }

    void finish(ReadStatus outcome, long next, long min, long max) {
        status = outcome;
        nextOffset = next;
        minOffset = min;
        maxOffset = max;
    }

    /** The reading thread's consume-queue flyweight (the result belongs to that thread). */
    ConsumeQueueEntry unit() {
        return unit;
    }

    /** The reading thread's record flyweight, for filters that read properties. */
    StoredRecord record() {
        return record;
    }

    /** Whether {@code segment} is the last one retained (so the next message needs no new reference). */
    boolean holds(MappedSegment segment) {
        return retainedCount > 0 && retained[retainedCount - 1] == segment;
    }

    /** Keeps a reference the reader took, released with the result. */
    void keep(MappedSegment segment) {
        if (retainedCount == retained.length) {
            retained = Arrays.copyOf(retained, retainedCount * 2);
        }
        retained[retainedCount++] = segment;
    }

    void add(MappedSegment segment, int position, int size, long queueOffset, long physicalOffset) {
        segments[count] = segment;
        positions[count] = position;
        sizes[count] = size;
        queueOffsets[count] = queueOffset;
        physicalOffsets[count] = physicalOffset;
        count++;
        totalBytes += size;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("message " + i + " of " + count);
        }
    }
}
