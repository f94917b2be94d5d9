package io.apogee.bench;

import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * A reusable append request writing one stored record with a fixed body size, a tag and a key, as a producer's
 * send would. It remembers when it was submitted and when the store completed it, so the thread that reuses it can
 * record the append latency in its own histogram.
 *
 * <p>Threads: owned by one producer thread between completions; {@link #writeRecord} and {@link #onAppended} run on
 * the store's agents, published back through the volatile {@link #pending} flag.
 */
public final class StoreBenchRecord implements AppendRequest {
    private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10_911);
    private final StoredRecordWriter writer = new StoredRecordWriter();
    private final String topic;
    private final int queueId;
    private final int size;
    private final boolean timed;
    private final byte[] body;
    private final CRC32 crc = new CRC32();
    private long submittedNanos;
    private long completedNanos;
    private volatile boolean pending;
    private volatile AppendStatus failure;

    /**
     * @param topic    the topic
     * @param queueId  the queue
     * @param bodySize body bytes (the stored record adds 92 fixed bytes, the topic and the properties)
     * @param timed    whether completions read the clock for latency
     */
    public StoreBenchRecord(String topic, int queueId, int bodySize, boolean timed) {
        this.topic = topic;
        this.queueId = queueId;
        this.timed = timed;
        // the properties arrive as bytes in a send request: copy them, as the broker does, rather than encode text
        String text = PropertyNames.TAGS + (char) PropertyNames.NAME_VALUE_SEPARATOR + "TagA"
            + (char) PropertyNames.PROPERTY_SEPARATOR + PropertyNames.KEYS + (char) PropertyNames.NAME_VALUE_SEPARATOR
            + "order-42" + (char) PropertyNames.PROPERTY_SEPARATOR;
        byte[] properties = text.getBytes(StandardCharsets.UTF_8);
        byte[] topicBytes = topic.getBytes(StandardCharsets.UTF_8);
        writer.topic(ByteBuffer.wrap(topicBytes), 0, topicBytes.length).queueId(queueId).bornHost(HOST).storeHost(HOST)
            .properties(ByteBuffer.wrap(properties), 0, properties.length);
        this.body = new byte[bodySize];
        writer.body(body, 0, bodySize);
        this.size = writer.recordSize();
    }

    /** Whether the last submission has not completed yet. */
    public boolean pending() {
        return pending;
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
        writer.bodyCrc((int) crc.getValue());
        submittedNanos = nanos;
        pending = true;
    }

    /** Nanoseconds from submission to completion of the last use (read after {@link #pending()} turned false). */
    public long latencyNanos() {
        return completedNanos - submittedNanos;
    }

    /** The stored size of the record in bytes. */
    public int recordSize() {
        return size;
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public int queueId() {
        return queueId;
    }

    @Override
    public int recordSize(int index) {
        return size;
    }

    @Override
    public int totalSize() {
        return size;
    }

    @Override
    public void writeRecord(int index, ByteBuffer destination, int position, DispatchEntry entry) {
        writer.queueOffset(entry.queueOffset()).physicalOffset(entry.physicalOffset())
            .storeTimestamp(entry.storeTimestamp()).bornTimestamp(entry.storeTimestamp()).write(destination, position);
    }

    @Override
    public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        if (timed) {
            completedNanos = System.nanoTime();
        }
        failure = status == AppendStatus.APPENDED ? null : status;
        pending = false;
    }
}
