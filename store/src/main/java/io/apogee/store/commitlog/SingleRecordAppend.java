package io.apogee.store.commitlog;

import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.util.Objects;

/**
 * The append of one record: the one request every single-record writer of the store uses (the broker's transaction
 * log and message copies, the benchmarks, the store's tests). Its owner gives a {@link Description} of the record
 * and a {@link Completion}; {@link #prepare} sizes the record on the submitting thread, and the appender has the
 * description fill its own writer when it writes. Reusable: prepare again and submit again once completed, with no
 * allocation per append.
 *
 * <p>Threads: prepared and submitted by one thread; described on the appender; completed on the appender (ASYNC)
 * or the flusher (SYNC). It must not be prepared again before its completion.
 */
public final class SingleRecordAppend implements AppendRequest {
    /**
     * Fills a writer with every field of the record but the offsets and store time. It runs twice per append, on the
     * submitting thread (sizing) and on the appender, and must describe the same record both times.
     */
    @FunctionalInterface
    public interface Description {
        /** Fills {@code writer}, which arrives reset with the append's topic and queue id set. */
        void describe(StoredRecordWriter writer);
    }

    /** Told how the append ended, on a store agent: it must return quickly. */
    @FunctionalInterface
    public interface Completion {
        /** See {@link AppendRequest#onAppended}. */
        void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp);
    }

    private final StoredRecordWriter sizing = new StoredRecordWriter();
    private final Description description;
    private final Completion completion;
    private String topic;
    private int queueId;
    private int size;
    private boolean toConsumeQueue = true;
    private boolean awaitFlush = true;

    /** An append of the record {@code description} describes, completed through {@code completion}. */
    public SingleRecordAppend(Description description, Completion completion) {
        this.description = Objects.requireNonNull(description, "description");
        this.completion = Objects.requireNonNull(completion, "completion");
    }

    /**
     * Aims the append at {@code topicName}/{@code queue} and sizes the record as described now: {@link SizeCheck#FITS}
     * when it can be submitted, else why not.
     */
    public SizeCheck prepare(String topicName, int queue) {
        this.topic = Objects.requireNonNull(topicName, "topic");
        this.queueId = queue;
        describeInto(sizing);
        SizeCheck check = sizing.check();
        size = check == SizeCheck.FITS ? sizing.recordSize() : 0;
        sizing.reset();
        return check;
    }

    /** Whether the record gets a consume-queue unit and a queue offset (default true). */
    public SingleRecordAppend toConsumeQueue(boolean value) {
        toConsumeQueue = value;
        return this;
    }

    /** Whether a SYNC completion waits for the force (default true). */
    public SingleRecordAppend awaitFlush(boolean value) {
        awaitFlush = value;
        return this;
    }

    /** The record's size as last prepared. */
    public int size() {
        return size;
    }

    private void describeInto(StoredRecordWriter writer) {
        writer.reset().topic(topic).queueId(queueId);
        description.describe(writer);
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
    public boolean toConsumeQueue() {
        return toConsumeQueue;
    }

    @Override
    public boolean awaitFlush() {
        return awaitFlush;
    }

    @Override
    public void describeRecord(int index, StoredRecordWriter writer) {
        writer.topic(topic).queueId(queueId);
        description.describe(writer);
    }

    @Override
    public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        completion.onAppended(status, physicalOffset, queueOffset, storeTimestamp);
    }
}
