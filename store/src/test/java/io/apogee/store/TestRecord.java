package io.apogee.store;

import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.dispatch.DispatchEntry;
import java.nio.ByteBuffer;

/**
 * A test append request: writes records shaped like stored records (total size, a message magic, then the
 * assigned offsets and store time, then a body derived from them) so reads can be checked byte for byte without
 * the wire layouts. Reusable, like the broker's requests.
 */
public final class TestRecord implements AppendRequest {
    /** Offset of the total size. */
    public static final int SIZE_AT = 0;
    /** Offset of the magic. */
    public static final int MAGIC_AT = 4;
    /** Offset of the queue id. */
    public static final int QUEUE_ID_AT = 8;
    /** Offset of the queue offset. */
    public static final int QUEUE_OFFSET_AT = 12;
    /** Offset of the physical offset. */
    public static final int PHYSICAL_AT = 20;
    /** Offset of the store timestamp. */
    public static final int STORE_TIME_AT = 28;
    /** Offset of the body. */
    public static final int BODY_AT = 36;
    /** Smallest record. */
    public static final int MIN_SIZE = BODY_AT;
    /** RocketMQ's V1 message magic. */
    public static final int MAGIC = 0xDAA320A7;

    private String topic;
    private int queueId;
    private int[] sizes = new int[1];
    private int count;
    private long tagsCode;
    private boolean awaitFlush = true;
    private int lieAboutSize;
    public AppendStatus status;
    public long physicalOffset = -1;
    public long queueOffset = -1;
    public long storeTimestamp;
    public int completions;
    /** Run inside the completion, on the completing thread (null: nothing). */
    public java.util.function.Consumer<TestRecord> onComplete;

    /** Sets up a single record. */
    public TestRecord set(String newTopic, int newQueueId, int size, long newTagsCode) {
        reset(newTopic, newQueueId, newTagsCode);
        sizes[0] = size;
        count = 1;
        return this;
    }

    /** Sets up a batch of records. */
    public TestRecord batch(String newTopic, int newQueueId, long newTagsCode, int... recordSizes) {
        reset(newTopic, newQueueId, newTagsCode);
        if (sizes.length < recordSizes.length) {
            sizes = new int[recordSizes.length];
        }
        System.arraycopy(recordSizes, 0, sizes, 0, recordSizes.length);
        count = recordSizes.length;
        return this;
    }

    private void reset(String newTopic, int newQueueId, long newTagsCode) {
        topic = newTopic;
        queueId = newQueueId;
        tagsCode = newTagsCode;
        status = null;
        physicalOffset = -1;
        queueOffset = -1;
        completions = 0;
        lieAboutSize = 0;
    }

    /** The tags code the writer reports. */
    public long tags() {
        return tagsCode;
    }

    /** Makes the writer write a total size off by {@code delta} (a writer bug). */
    public TestRecord lieAboutSize(int delta) {
        lieAboutSize = delta;
        return this;
    }

    /** Sets whether a SYNC append waits for the force. */
    public TestRecord awaitFlush(boolean value) {
        awaitFlush = value;
        return this;
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
        int total = 0;
        for (int i = 0; i < count; i++) {
            total += sizes[i];
        }
        return total;
    }

    @Override
    public boolean awaitFlush() {
        return awaitFlush;
    }

    @Override
    public void writeRecord(int index, ByteBuffer destination, int position, DispatchEntry entry) {
        int size = sizes[index];
        destination.putInt(position + SIZE_AT, size + lieAboutSize);
        destination.putInt(position + MAGIC_AT, MAGIC);
        destination.putInt(position + QUEUE_ID_AT, queueId);
        destination.putLong(position + QUEUE_OFFSET_AT, entry.queueOffset());
        destination.putLong(position + PHYSICAL_AT, entry.physicalOffset());
        destination.putLong(position + STORE_TIME_AT, entry.storeTimestamp());
        for (int i = BODY_AT; i < size; i++) {
            destination.put(position + i, bodyByte(entry.queueOffset(), i));
        }
        entry.tagsCode(tagsCode);
    }

    /** The body byte at {@code index} of the record with {@code queueOffset}. */
    public static byte bodyByte(long queueOffset, int index) {
        return (byte) (queueOffset * 31 + index);
    }

    @Override
    public void onAppended(AppendStatus outcome, long physical, long queue, long timestamp) {
        status = outcome;
        physicalOffset = physical;
        queueOffset = queue;
        storeTimestamp = timestamp;
        completions++;
        if (onComplete != null) {
            onComplete.accept(this);
        }
    }

    /** Checks that {@code size} bytes at {@code position} of {@code buffer} are the record with these offsets. */
    public static boolean verify(ByteBuffer buffer, int position, int size, int queueId, long queueOffset, long physical) {
        if (buffer.getInt(position + SIZE_AT) != size || buffer.getInt(position + MAGIC_AT) != MAGIC
            || buffer.getInt(position + QUEUE_ID_AT) != queueId || buffer.getLong(position + QUEUE_OFFSET_AT) != queueOffset
            || buffer.getLong(position + PHYSICAL_AT) != physical) {
            return false;
        }
        for (int i = BODY_AT; i < size; i++) {
            if (buffer.get(position + i) != bodyByte(queueOffset, i)) {
                return false;
            }
        }
        return true;
    }
}
