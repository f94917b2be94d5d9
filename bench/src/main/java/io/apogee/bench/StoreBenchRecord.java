package io.apogee.bench;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32;

/**
 * A reusable append of one stored record with a fixed body size, a tag and a key, as a producer's send would make,
 * through the store's {@link SingleRecordAppend}. It remembers when it was submitted and when the store completed
 * it, so the thread that reuses it can record the append latency in its own histogram.
 *
 * <p>Threads: owned by one producer thread between completions; the description and completion run on the store's
 * agents, published back through the volatile {@link #pending} flag.
 */
public final class StoreBenchRecord {
    private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10_911);
    private final SingleRecordAppend append;
    private final ByteBuffer topicBytes;
    private final ByteBuffer properties;
    private final boolean timed;
    private final byte[] body;
    private final CRC32 crc = new CRC32();
    private final int size;
    private int bodyCrc;
    private long submittedNanos;
    private long completedNanos;
    private volatile boolean pending;
    private volatile AppendStatus failure;
    /** The thread parked in {@link #awaitCompletion()}, or null. */
    private volatile Thread waiter;

    /**
     * @param topic    the topic
     * @param queueId  the queue
     * @param bodySize body bytes (the stored record adds 92 fixed bytes, the topic and the properties)
     * @param timed    whether completions read the clock for latency
     */
    public StoreBenchRecord(String topic, int queueId, int bodySize, boolean timed) {
        this.timed = timed;
        // the properties arrive as bytes in a send request: copy them, as the broker does, rather than encode text
        String text = PropertyNames.TAGS + (char) PropertyNames.NAME_VALUE_SEPARATOR + "TagA"
            + (char) PropertyNames.PROPERTY_SEPARATOR + PropertyNames.KEYS + (char) PropertyNames.NAME_VALUE_SEPARATOR
            + "order-42" + (char) PropertyNames.PROPERTY_SEPARATOR;
        this.properties = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        this.topicBytes = ByteBuffer.wrap(topic.getBytes(StandardCharsets.UTF_8));
        this.body = new byte[bodySize];
        this.append = new SingleRecordAppend(this::describe, this::completed);
        if (append.prepare(topic, queueId) != SizeCheck.FITS) {
            throw new IllegalArgumentException("the record does not fit: body " + bodySize);
        }
        this.size = append.size();
    }

    /** Every field but the offsets and store time; born at the store time, as a producer next to the broker. */
    private void describe(StoredRecordWriter writer) {
        writer.topic(topicBytes, 0, topicBytes.limit()).bornHost(HOST).storeHost(HOST)
            .properties(properties, 0, properties.limit()).body(body, 0, body.length).bodyCrc(bodyCrc)
            .bornTimestamp(writer.storeTimestamp());
    }

    /** Whether the last submission has not completed yet. */
    public boolean pending() {
        return pending;
    }

    /**
     * Parks until the last submission completes; the completing thread unparks it, one wake-up per completion, as a
     * broker's event loop is woken for the answer of a SYNC send. The thread that reuses this record.
     */
    public void awaitCompletion() {
        if (!pending) {
            return;
        }
        waiter = Thread.currentThread();
        // the waiter is published before pending is read again, and the completer clears pending before reading the
        // waiter: one of the two sees the other, so no wake-up is lost
        while (pending) {
            LockSupport.park(this);
        }
        waiter = null;
    }

    /** The failure of the last completion, or null. */
    public AppendStatus failure() {
        return failure;
    }

    /**
     * Marks the request as submitted now (before {@code submit}; the caller retries BUSY itself) and computes the
     * body CRC here, on the producer's thread, as RocketMQ's broker does before it takes the append lock: the
     * appender then only copies bytes.
     */
    public void markSubmitted(long nanos) {
        crc.reset();
        crc.update(body, 0, body.length);
        bodyCrc = (int) crc.getValue();
        submittedNanos = nanos;
        pending = true;
    }

    /** Submits the append to {@code store} (after {@link #markSubmitted}): ACCEPTED, or why not. */
    public AppendStatus submitTo(MessageStore store) {
        return store.submit(append);
    }

    /** Nanoseconds from submission to completion of the last use (read after {@link #pending()} turned false). */
    public long latencyNanos() {
        return completedNanos - submittedNanos;
    }

    /** The stored size of the record in bytes. */
    public int recordSize() {
        return size;
    }

    private void completed(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        if (timed) {
            completedNanos = System.nanoTime();
        }
        failure = status == AppendStatus.APPENDED ? null : status;
        pending = false;
        Thread parked = waiter;
        if (parked != null) {
            LockSupport.unpark(parked);
        }
    }
}
