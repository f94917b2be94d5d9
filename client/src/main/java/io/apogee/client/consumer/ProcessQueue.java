package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One queue assigned to this consumer: where the next pull starts, the batches pulled but not yet consumed (counted
 * for flow control), the offset to commit, the pulls in flight ({@link PullWindow}), and whether the queue was taken
 * away. Thread-safe: the answer taken in order (on the event loop) moves {@code nextPullOffset}; batches move under
 * this object's lock; one consume task at a time drains them.
 */
final class ProcessQueue {
    private final MessageQueue queue;
    private final ArrayDeque<PulledBatch> batches = new ArrayDeque<>();
    private final AtomicInteger cachedMessages = new AtomicInteger();
    private final AtomicLong cachedBytes = new AtomicLong();
    private volatile boolean dropped;
    private volatile long nextPullOffset;
    private volatile long committedOffset;
    private final PullWindow window;
    private boolean consuming;

    /**
     * A queue read from {@code startOffset} with pulls of {@code batchSize} messages, up to {@code maxInFlight} out
     * while it has a backlog.
     */
    ProcessQueue(MessageQueue queue, long startOffset, int batchSize, int maxInFlight) {
        this.queue = queue;
        this.nextPullOffset = startOffset;
        this.committedOffset = startOffset;
        this.window = new PullWindow(maxInFlight, batchSize, startOffset);
    }

    /** Its pulls in flight. */
    PullWindow window() {
        return window;
    }

    MessageQueue queue() {
        return queue;
    }

    boolean isDropped() {
        return dropped;
    }

    long nextPullOffset() {
        return nextPullOffset;
    }

    void nextPullOffset(long value) {
        this.nextPullOffset = value;
    }

    /** The next offset to consume: what a commit stores. */
    long committedOffset() {
        return committedOffset;
    }

    void committedOffset(long value) {
        this.committedOffset = value;
    }

    int cachedMessages() {
        return cachedMessages.get();
    }

    long cachedBytes() {
        return cachedBytes.get();
    }

    /** Queues a batch; true if no consume task is running, so the caller must start one. */
    synchronized boolean offer(PulledBatch batch) {
        if (dropped) {
            batch.body().release();
            return false;
        }
        batches.addLast(batch);
        cachedMessages.addAndGet(batch.messages());
        cachedBytes.addAndGet(batch.bytes());
        if (consuming) {
            return false;
        }
        consuming = true;
        return true;
    }

    /** The next batch to consume, or null (then the consume task ends). */
    synchronized PulledBatch poll() {
        PulledBatch batch = dropped ? null : batches.pollFirst();
        if (batch == null) {
            consuming = false;
        }
        return batch;
    }

    /** Marks a consumed batch done: the offset moves past it and the cache shrinks. */
    void consumed(PulledBatch batch) {
        cachedMessages.addAndGet(-batch.messages());
        cachedBytes.addAndGet(-batch.bytes());
        if (!dropped) {
            committedOffset = batch.nextBeginOffset();
        }
    }

    /** Takes the queue away: no more pulls or deliveries; queued batches are released. */
    synchronized void drop() {
        dropped = true;
        PulledBatch batch;
        while ((batch = batches.pollFirst()) != null) {
            cachedMessages.addAndGet(-batch.messages());
            cachedBytes.addAndGet(-batch.bytes());
            batch.body().release();
        }
    }

    @Override
    public String toString() {
        return "ProcessQueue{" + queue + ", next=" + nextPullOffset + ", committed=" + committedOffset
            + ", cached=" + cachedMessages + "/" + cachedBytes + "B, dropped=" + dropped + '}';
    }
}
