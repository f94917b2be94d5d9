package io.apogee.store;

import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.TagsCode;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * A test record writing real stored records: the tag (if any) becomes the TAGS property, optional KEYS and UNIQ_KEY
 * follow, and the body is derived from the assigned queue offset so reads can be checked byte for byte. The
 * requested size is the whole record's; the body fills what the fixed fields, topic and properties leave. A single
 * record is submitted as a {@link SingleRecordAppend}, a batch as a multi-record request; {@link #request()} is
 * the one to submit. Reusable, like the broker's requests.
 */
public final class TestRecord {
    /** A size every test topic, tag and key fits in. */
    public static final int MIN_SIZE = 200;
    /** The born host written into every record. */
    public static final HostAddress BORN_HOST = HostAddress.of(new byte[] {10, 0, 0, 7}, 40_000);
    /** The store host written into every record. */
    public static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10_911);
    private static final byte[] NO_BODY = new byte[0];

    private final SingleRecordAppend single = new SingleRecordAppend(writer -> describe(0, writer), this::completed);
    private final Batch batch = new Batch();
    private String topic;
    private int queueId;
    private int[] sizes = new int[1];
    private int count;
    private boolean isBatch;
    private String tag;
    private String keys;
    private String uniqueKey;
    private boolean awaitFlush = true;
    private int lieAboutSize;
    private byte[] body = NO_BODY;
    private Error fault;
    public AppendStatus status;
    public long physicalOffset = -1;
    public long queueOffset = -1;
    public long storeTimestamp;
    public int completions;
    /** Run inside the completion, on the completing thread (null: nothing). */
    public Consumer<TestRecord> onComplete;

    /** Sets up a single record with {@code tag} (null: none). */
    public TestRecord set(String newTopic, int newQueueId, int size, String newTag) {
        reset(newTopic, newQueueId, newTag);
        sizes[0] = size;
        count = 1;
        isBatch = false;
        single.prepare(newTopic, newQueueId);
        return this;
    }

    /** Sets up a batch of records with {@code tag} (null: none). */
    public TestRecord batch(String newTopic, int newQueueId, String newTag, int... recordSizes) {
        reset(newTopic, newQueueId, newTag);
        if (sizes.length < recordSizes.length) {
            sizes = new int[recordSizes.length];
        }
        System.arraycopy(recordSizes, 0, sizes, 0, recordSizes.length);
        count = recordSizes.length;
        isBatch = true;
        return this;
    }

    private void reset(String newTopic, int newQueueId, String newTag) {
        topic = newTopic;
        queueId = newQueueId;
        tag = newTag;
        keys = null;
        uniqueKey = null;
        status = null;
        physicalOffset = -1;
        queueOffset = -1;
        completions = 0;
        lieAboutSize = 0;
        fault = null;
    }

    /** Adds a KEYS property (space-separated keys) to the records. */
    public TestRecord keys(String value) {
        keys = value;
        return this;
    }

    /** Adds a UNIQ_KEY property to the records. */
    public TestRecord uniqueKey(String value) {
        uniqueKey = value;
        return this;
    }

    /** The tags code of the records. */
    public long tags() {
        return TagsCode.of(tag);
    }

    /** Makes the writer write a total size off by {@code delta} (a writer bug). */
    public TestRecord lieAboutSize(int delta) {
        lieAboutSize = delta;
        return this;
    }

    /** Makes the description throw {@code error} on the appender, as a fault on a mapped write would. */
    public TestRecord faultOnWrite(Error error) {
        fault = error;
        return this;
    }

    /** Sets whether a SYNC append waits for the force. */
    public TestRecord awaitFlush(boolean value) {
        awaitFlush = value;
        single.awaitFlush(value);
        return this;
    }

    /** The topic. */
    public String topic() {
        return topic;
    }

    /** The queue id. */
    public int queueId() {
        return queueId;
    }

    /** How many records. */
    public int recordCount() {
        return count;
    }

    /** The size of record {@code index}. */
    public int recordSize(int index) {
        return sizes[index];
    }

    /** The size of all records. */
    public int totalSize() {
        int total = 0;
        for (int i = 0; i < count; i++) {
            total += sizes[i];
        }
        return total;
    }

    /**
     * The request to submit: the single append after {@link #set}, the multi-record request after {@link #batch}, or
     * when the size asked for is one no record can have (a test of the store's checks declares it as it is).
     */
    public AppendRequest request() {
        return isBatch || single.size() != sizes[0] ? batch : single;
    }

    /**
     * Describes record {@code index}; the body is derived from the queue offset the appender set (0 when sizing),
     * and a lie about the size makes the description differ from the size declared.
     */
    private void describe(int index, StoredRecordWriter writer) {
        if (fault != null) {
            throw fault;
        }
        writer.topic(topic).queueId(queueId).bornHost(BORN_HOST).storeHost(STORE_HOST)
            .bornTimestamp(writer.storeTimestamp() - 1);
        if (tag != null) {
            writer.extraProperty(PropertyNames.TAGS, tag);
        }
        if (keys != null) {
            writer.extraProperty(PropertyNames.KEYS, keys);
        }
        if (uniqueKey != null) {
            writer.extraProperty(PropertyNames.UNIQ_KEY, uniqueKey);
        }
        int bodyLength = Math.max(0, sizes[index] - writer.recordSize() + lieAboutSize);
        if (body.length < bodyLength) {
            body = new byte[bodyLength];
        }
        long offset = writer.queueOffset();
        for (int i = 0; i < bodyLength; i++) {
            body[i] = bodyByte(offset, i);
        }
        writer.body(body, 0, bodyLength);
    }

    /** The body byte at {@code index} of the record with {@code queueOffset}. */
    public static byte bodyByte(long queueOffset, int index) {
        return (byte) (queueOffset * 31 + index);
    }

    private void completed(AppendStatus outcome, long physical, long queue, long timestamp) {
        status = outcome;
        physicalOffset = physical;
        queueOffset = queue;
        storeTimestamp = timestamp;
        completions++;
        if (onComplete != null) {
            onComplete.accept(this);
        }
    }

    /** The batch: records of {@link #sizes} with consecutive queue offsets. */
    private final class Batch implements AppendRequest {
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
            return TestRecord.this.totalSize();
        }

        @Override
        public boolean awaitFlush() {
            return awaitFlush;
        }

        @Override
        public void describeRecord(int index, StoredRecordWriter writer) {
            describe(index, writer);
        }

        @Override
        public void onAppended(AppendStatus outcome, long physical, long queue, long timestamp) {
            completed(outcome, physical, queue, timestamp);
        }
    }

    /** Checks that {@code size} bytes at {@code position} of {@code buffer} are the record with these offsets. */
    public static boolean verify(ByteBuffer buffer, int position, int size, int queueId, long queueOffset, long physical) {
        StoredRecord record = new StoredRecord().wrap(buffer, position);
        if (record.totalSize() != size || !StoredRecord.isMessageMagic(record.magic()) || record.queueId() != queueId
            || record.queueOffset() != queueOffset || record.physicalOffset() != physical) {
            return false;
        }
        int bodyAt = record.bodyOffset();
        for (int i = 0; i < record.bodyLength(); i++) {
            if (buffer.get(bodyAt + i) != bodyByte(queueOffset, i)) {
                return false;
            }
        }
        return true;
    }
}
