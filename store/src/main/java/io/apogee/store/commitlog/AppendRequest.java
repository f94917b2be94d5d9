package io.apogee.store.commitlog;

import io.apogee.store.dispatch.DispatchEntry;
import java.nio.ByteBuffer;

/**
 * One producer request to append: one record, or a batch of records that go to the same queue with consecutive
 * queue offsets and are written contiguously in one segment. The appender asks for the sizes, reserves the space,
 * and calls {@link #writeRecord} with the offsets and store time it assigned; the request writes the record in
 * RocketMQ's stored layout straight into the mapped segment (through {@code io.apogee.wire.message}'s writer).
 * The request object is the broker's, reused across sends: the store holds it only until
 * {@link #onAppended} and allocates nothing per append.
 *
 * <p>Threads: submitted by any thread; {@link #writeRecord} runs on the appender, {@link #onAppended} on the
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

    /** The total size of record {@code index}, exactly as {@link #writeRecord} will write it. */
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
     * Writes record {@code index} at absolute {@code position} of {@code destination}, using the commit-log offset,
     * queue offset and store timestamp in {@code entry}. The appender then reads the tags code (by the store's
     * {@link io.apogee.store.queue.TagsCodeRule}, the one recovery applies too) and the key ranges back from the
     * written bytes into {@code entry} for the dispatcher.
     */
    void writeRecord(int index, ByteBuffer destination, int position, DispatchEntry entry);

    /**
     * The request is done. On {@link AppendStatus#APPENDED}, {@code physicalOffset} and {@code queueOffset} are
     * those of the first record and {@code storeTimestamp} is the one written. Must return quickly: it runs on a
     * store agent.
     */
    void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp);
}
