package io.apogee.broker.processor;

import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.transport.Peer;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.record.StoredRecordWriter;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;

/**
 * One send on its way into the store: the request's fields, the body (still the received buffer, retained until the
 * append completes), and per record its batch entry, its generated UNIQ_KEY (or null) and its size. The appender calls
 * {@link #writeRecord}, which writes the stored record straight into the mapped segment; the completion answers the
 * producer.
 *
 * <p>Built on the send thread, then read by the appender thread (after the ring publishes it) and completed on the
 * appender or flusher thread; never changed after submission. One allocation per send, plus its arrays.
 */
final class SendAppend implements AppendRequest {
    private final SendProcessor owner;
    private final Peer peer;
    private final RemotingHeader request;
    private final ByteBuf body;
    private final ByteBuffer bodyBuffer;
    private final String topic;
    private final int queueId;
    private final int sysFlag;
    private final long bornTimestamp;
    private final int flag;
    private final int reconsumeTimes;
    private final HostAddress bornHost;
    private final boolean batch;
    private ByteBuffer properties;
    private int count;
    private int[] entryOffsets;
    private String[] uniqueKeys;
    private int[] sizes;
    private int totalSize;
    private String transactionId;

    /** A send of {@code body} (owned from here on: released on completion) to {@code topic}/{@code queueId}. */
    SendAppend(SendProcessor owner, Peer peer, RemotingHeader request, ByteBuf body, String topic, int queueId,
        int sysFlag, long bornTimestamp, int flag, int reconsumeTimes, HostAddress bornHost, boolean batch) {
        this.owner = owner;
        this.peer = peer;
        this.request = request;
        this.body = body;
        this.bodyBuffer = body.nioBuffer();
        this.topic = topic;
        this.queueId = queueId;
        this.sysFlag = sysFlag;
        this.bornTimestamp = bornTimestamp;
        this.flag = flag;
        this.reconsumeTimes = reconsumeTimes;
        this.bornHost = bornHost;
        this.batch = batch;
    }

    /** Sets up {@code records} records: batch entries at {@code offsets} (null for a single message). */
    void records(int records, int[] offsets, String[] keys, ByteBuffer singleProperties, String transaction) {
        this.count = records;
        this.entryOffsets = offsets;
        this.uniqueKeys = keys;
        this.properties = singleProperties;
        this.transactionId = transaction;
        this.sizes = new int[records];
    }

    /** The body as a buffer view: absolute indexes from {@link #bodyStart()}. */
    ByteBuffer bodyBuffer() {
        return bodyBuffer;
    }

    /** Where the body starts in {@link #bodyBuffer()}. */
    int bodyStart() {
        return bodyBuffer.position();
    }

    /** The body's length. */
    int bodyLength() {
        return bodyBuffer.remaining();
    }

    /** Points {@code writer} at record {@code index}: every field but the offsets and store time. */
    void configure(StoredRecordWriter writer, BatchEntry entry, int index) {
        writer.reset().topic(topic).queueId(queueId).flag(flag).sysFlag(sysFlag).bornTimestamp(bornTimestamp)
            .bornHost(bornHost).storeHost(owner.storeHost()).reconsumeTimes(reconsumeTimes);
        if (batch) {
            writer.fromBatchEntry(entry.wrap(bodyBuffer, entryOffsets[index]));
        } else {
            writer.body(bodyBuffer, bodyStart(), bodyLength());
            if (properties != null) {
                writer.properties(properties, 0, properties.limit());
            }
        }
        if (uniqueKeys[index] != null) {
            writer.extraProperty(PropertyNames.UNIQ_KEY, uniqueKeys[index]);
        }
        writer.extraProperty(PropertyNames.CLUSTER, owner.clusterName());
        writer.extraProperty(PropertyNames.MSG_REGION, SendProcessor.REGION);
        writer.extraProperty(PropertyNames.TRACE_ON, SendProcessor.TRACE_ON);
    }

    /** Records the size of record {@code index}. */
    void size(int index, int size) {
        sizes[index] = size;
        totalSize += size;
    }

    /** The request being answered. */
    RemotingHeader request() {
        return request;
    }

    /** The producer's connection. */
    Peer peer() {
        return peer;
    }

    /** The UNIQ_KEY of a single message, or null. */
    String transactionId() {
        return transactionId;
    }

    /** The body, owned by this send until it completes. */
    ByteBuf body() {
        return body;
    }

    /** Releases the body (also when the send is refused before submission). */
    void releaseBody() {
        body.release();
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
    public int recordCount() {
        return count;
    }

    @Override
    public int recordSize(int index) {
        return sizes[index];
    }

    @Override
    public int totalSize() {
        return totalSize;
    }

    @Override
    public void writeRecord(int index, ByteBuffer destination, int position, DispatchEntry entry) {
        StoredRecordWriter writer = owner.appenderWriter();
        configure(writer, owner.appenderEntry(), index);
        writer.queueOffset(entry.queueOffset()).physicalOffset(entry.physicalOffset())
            .storeTimestamp(entry.storeTimestamp()).write(destination, position);
    }

    @Override
    public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        releaseBody();
        owner.completed(this, status, physicalOffset, queueOffset);
    }
}
