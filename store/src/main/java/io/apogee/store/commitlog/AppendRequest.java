package io.apogee.store.commitlog;

import io.apogee.wire.message.record.StoredRecordWriter;

/**
 * One producer request to append: one record, or a batch of records that go to the same queue with consecutive
 * queue offsets and are written contiguously in one segment. The appender asks for the sizes, reserves the space,
 * and asks the request to {@link #describeRecord} each record into the appender's own writer; the appender then sets
 * the offsets and store time it assigned and writes the record in RocketMQ's stored layout straight into the mapped
 * segment. The request object is its submitter's, often reused: the store holds it only until {@link #onAppended}
 * and allocates nothing per append. A single record usually goes through {@link SingleRecordAppend}.
 *
 * <p>Threads: submitted by any thread; {@link #describeRecord} runs on the appender, {@link #onAppended} on the
 * appender (ASYNC) or the flusher (SYNC). The request must not change between submit and completion.
 */
public interface AppendRequest {
    /** The topic (interned by the broker, so its hash is cached). */
    String topic();

    /** The queue id. */
    int queueId();

    /** How many records; consecutive queue offsets are assigned to them. */
    default int recordCount() {
        return 1;
    }

    /** The total size of record {@code index}, exactly as {@link #describeRecord} will describe it. */
    int recordSize(int index);

    /** The sum of all record sizes. */
    int totalSize();

    /** Whether the records get consume-queue units and queue offsets (not prepared or rolled-back transactions). */
    default boolean toConsumeQueue() {
        return true;
    }

    /** In SYNC mode, whether the completion waits for the force (RocketMQ's WAIT_STORE_MSG_OK). */
    default boolean awaitFlush() {
        return true;
    }

    /**
     * Describes record {@code index} into {@code writer}: every field but the queue offset, the physical offset and
     * the store timestamp, which the appender sets afterwards. The writer arrives reset with them already set, for a
     * description that derives something from them; one that resets the writer loses nothing. Do not write with it.
     * The appender then checks the size, writes the record and reads the tags code (by the store's
     * {@link io.apogee.store.queue.TagsCodeRule}, the one recovery applies too) and the key ranges back from the
     * written bytes for the dispatcher.
     */
    void describeRecord(int index, StoredRecordWriter writer);

    /**
     * The request is done. On {@link AppendStatus#APPENDED}, {@code physicalOffset} and {@code queueOffset} are
     * those of the first record and {@code storeTimestamp} is the one written. Must return quickly: it runs on a
     * store agent.
     */
    void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp);
}
