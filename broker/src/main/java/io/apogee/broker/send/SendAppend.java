package io.apogee.broker.send;

import io.apogee.broker.request.Exchange;
import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageResponseHeader;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.RejectedExecutionException;

/**
 * One send on its way into the store: its exchange (which owns the body, still the received buffer, until the append
 * completes), the request's fields, a copy of a single message's properties, and per record its batch entry, its
 * generated UNIQ_KEY (or null), its body CRC and its size. The store host and the cluster name are data of the send,
 * so when the appender hands its writer to {@link #describeRecord}, the record is described without asking the
 * processor; the appender writes it straight into the mapped segment. The completion hands this object, and with it
 * the exchange, to the producer's event loop ({@link #run}), which answers there and returns it to its pool: a send
 * allocates neither this object, nor its arrays, nor a write task.
 *
 * <p>Filled on a sending thread, then read by the thread that holds the store's write turn (usually the same I/O
 * thread; the ring publishes it to another), completed there or on the flusher thread, answered on the connection's
 * event loop (a task queued on it: no thread hand-off when the loop wrote it; the task queue publishes it otherwise);
 * never changed between submission and completion. The pool ({@link SendAppends}) is thread-safe.
 */
final class SendAppend implements AppendRequest, Runnable {
    private static final int INITIAL_PROPERTIES = 256;
    private static final int INITIAL_RECORDS = 4;
    /** Room kept across sends; what a rare large send grew beyond it is dropped when the send is recycled. */
    private static final int MAX_KEPT_PROPERTIES = 32 * 1024;
    private static final int MAX_KEPT_RECORDS = 1024;

    private final SendAppends pool;
    private final HostAddress storeHost;
    private Exchange exchange;
    /** The thread that read the request (the connection's event loop): the one that may answer it in line. */
    private Thread reader;
    private ByteBuffer bodyBuffer;
    private String topic;
    private int queueId;
    private int sysFlag;
    private long bornTimestamp;
    private int flag;
    private int reconsumeTimes;
    private HostAddress bornHost;
    private boolean batch;
    private byte[] propertyBytes = new byte[INITIAL_PROPERTIES];
    private ByteBuffer properties = ByteBuffer.wrap(propertyBytes);
    private boolean hasProperties;
    private int count;
    private int[] entryOffsets = new int[INITIAL_RECORDS];
    private String[] uniqueKeys = new String[INITIAL_RECORDS];
    private int[] sizes = new int[INITIAL_RECORDS];
    private int[] bodyCrcs = new int[INITIAL_RECORDS];
    private int totalSize;
    private String transactionId;
    private String realTopic;
    private String realQueueId;
    private AppendStatus status;
    private long physicalOffset;
    private long queueOffset;

    SendAppend(SendAppends pool) {
        this.pool = pool;
        this.storeHost = pool.storeHost();
    }

    /** Makes this the send of {@code from}'s body to {@code toTopic}/{@code toQueue}. */
    SendAppend reset(Exchange from, String toTopic, int toQueue, boolean isBatch) {
        this.exchange = from;
        this.reader = Thread.currentThread();
        this.bodyBuffer = from.body().nioBuffer();
        this.topic = toTopic;
        this.queueId = toQueue;
        this.bornHost = from.bornHost();
        this.batch = isBatch;
        this.hasProperties = false;
        this.count = 0;
        this.totalSize = 0;
        this.transactionId = null;
        this.realTopic = null;
        this.realQueueId = null;
        return this;
    }

    /** Sets the request header's fields of every record. */
    void fields(int recordSysFlag, long recordBornTimestamp, int recordFlag, int recordReconsumeTimes) {
        this.sysFlag = recordSysFlag;
        this.bornTimestamp = recordBornTimestamp;
        this.flag = recordFlag;
        this.reconsumeTimes = recordReconsumeTimes;
    }

    /** Copies a single message's properties (the decoded header is reused for the next send); the copy's buffer. */
    ByteBuffer properties(Utf8Bytes source) {
        int length = source.length();
        if (propertyBytes.length < length) {
            propertyBytes = new byte[Math.max(length, propertyBytes.length * 2)];
            properties = ByteBuffer.wrap(propertyBytes);
        }
        System.arraycopy(source.array(), 0, propertyBytes, 0, length);
        properties.limit(length);
        hasProperties = true;
        return properties;
    }

    /** Sets up {@code records} records, with no generated keys yet. */
    void records(int records) {
        if (sizes.length < records) {
            sizes = new int[records];
            bodyCrcs = new int[records];
            entryOffsets = new int[records];
            uniqueKeys = new String[records];
        }
        Arrays.fill(uniqueKeys, 0, records, null);
        this.count = records;
    }

    /** Record {@code index} is the batch entry at {@code offset} of the body. */
    void entryOffset(int index, int offset) {
        entryOffsets[index] = offset;
    }

    /** Record {@code index} gets the generated UNIQ_KEY {@code key}. */
    void generatedKey(int index, String key) {
        uniqueKeys[index] = key;
    }

    /** A half message: stored in the half topic, with REAL_TOPIC and REAL_QID naming where a commit puts it. */
    void realTarget(String topicName, int queue) {
        this.realTopic = topicName;
        this.realQueueId = Integer.toString(queue);
    }

    /** The UNIQ_KEY a single message is answered with. */
    void transactionId(String key) {
        this.transactionId = key;
    }

    /** The body as a buffer view: absolute indexes from {@link #bodyStart()}. */
    ByteBuffer bodyBuffer() {
        return bodyBuffer;
    }

    /** Whether the body is a batch of entries. */
    boolean isBatch() {
        return batch;
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
            .bornHost(bornHost).storeHost(storeHost).reconsumeTimes(reconsumeTimes);
        if (batch) {
            writer.fromBatchEntry(entry.wrap(bodyBuffer, entryOffsets[index]));
        } else {
            writer.body(bodyBuffer, bodyStart(), bodyLength());
            if (hasProperties) {
                writer.properties(properties, 0, properties.limit());
            }
        }
        if (uniqueKeys[index] != null) {
            writer.extraProperty(PropertyNames.UNIQ_KEY, uniqueKeys[index]);
        }
        writer.bodyCrc(bodyCrcs[index]);
        if (realTopic != null) {
            writer.extraProperty(PropertyNames.REAL_TOPIC, realTopic).extraProperty(PropertyNames.REAL_QUEUE_ID, realQueueId);
        }
        writer.trailingEntries(pool.brokerEntries());
    }

    /** Record {@code index}'s body CRC, computed on the sending thread so that the appender only copies. */
    void bodyCrc(int index, int crc) {
        bodyCrcs[index] = crc;
    }

    /** Records the size of record {@code index}. */
    void size(int index, int size) {
        sizes[index] = size;
        totalSize += size;
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

    /** Describes record {@code index} into the appender's writer, with the pool's batch flyweight. Write turn. */
    @Override
    public void describeRecord(int index, StoredRecordWriter writer) {
        configure(writer, pool.appenderEntry(), index);
    }

    /**
     * Keeps the outcome and answers: at once when the thread that read the request wrote it (run to completion: the
     * answer leaves with that read's flush), else through a task handed to the connection's event loop. Write turn
     * or flusher thread.
     */
    @Override
    public void onAppended(AppendStatus outcome, long physical, long logical, long storeTimestamp) {
        exchange.releaseBody();
        bodyBuffer = null;
        this.status = outcome;
        this.physicalOffset = physical;
        this.queueOffset = logical;
        if (Thread.currentThread() == reader) {
            run(); // a task would cost a queue hop, and a flush task of its own after the read's
            return;
        }
        try {
            exchange.peer().execute(this);
        } catch (RejectedExecutionException e) {
            run(); // the event loop has stopped (shutting down): the answer goes nowhere, the exchange closes
        }
    }

    /** Answers the producer through the exchange, then goes back to the pool. The connection's event loop. */
    @Override
    public void run() {
        try {
            answer();
        } finally {
            recycle();
        }
    }

    /** The answer to a completed append: the offset message id(s), queue, queue offset and transaction id. */
    private void answer() {
        if (!status.isWritten()) {
            exchange.reply(AppendAnswers.codeOf(status), AppendAnswers.remarkOf(status));
            return;
        }
        StringBuilder ids = new StringBuilder(OffsetMessageId.length(storeHost.isIpv6()) * count);
        long offset = physicalOffset;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                ids.append(',');
            }
            OffsetMessageId.append(storeHost, offset, ids);
            offset += sizes[i];
        }
        int code = AppendAnswers.codeOf(status);
        RemotingHeader response = exchange.responseHeader(code, null);
        SendMessageResponseHeader fields = new SendMessageResponseHeader().msgId(ids.toString()).queueId(queueId)
            .queueOffset(queueOffset).transactionId(transactionId).region(SendProcessor.REGION).traceOn(true);
        fields.encode(response.ext(), response.serializeType());
        exchange.replyWith(null);
    }

    /** Forgets the send (its exchange is closed or owned elsewhere) and returns to the pool. */
    void recycle() {
        exchange = null;
        reader = null;
        bodyBuffer = null;
        topic = null;
        bornHost = null;
        transactionId = null;
        realTopic = null;
        realQueueId = null;
        Arrays.fill(uniqueKeys, 0, count, null);
        if (propertyBytes.length > MAX_KEPT_PROPERTIES) {
            propertyBytes = new byte[INITIAL_PROPERTIES];
            properties = ByteBuffer.wrap(propertyBytes);
        }
        if (sizes.length > MAX_KEPT_RECORDS) {
            sizes = new int[INITIAL_RECORDS];
            bodyCrcs = new int[INITIAL_RECORDS];
            entryOffsets = new int[INITIAL_RECORDS];
            uniqueKeys = new String[INITIAL_RECORDS];
        }
        pool.giveBack(this);
    }
}
