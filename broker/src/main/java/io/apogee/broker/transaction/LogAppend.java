package io.apogee.broker.transaction;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One record the broker itself appends (a committed message, an op record), written by a writer of its own and
 * waited for by the caller: transactions are resolved one at a time on the admin or checker thread, off the send
 * path. The writer is set up before submission and only read by the appender after.
 *
 * <p>Thread-safe as the store's contract makes it: configured and submitted by one thread, written by the appender,
 * completed on the appender or flusher, awaited by the submitter.
 */
final class LogAppend implements AppendRequest {
    private static final long TIMEOUT_SECONDS = 10;

    private final StoredRecordWriter writer;
    private final String topic;
    private final int queueId;
    private final int size;
    private final CompletableFuture<AppendStatus> done = new CompletableFuture<>();

    private LogAppend(StoredRecordWriter writer, String topic, int queueId) {
        this.writer = writer;
        this.topic = topic;
        this.queueId = queueId;
        this.size = writer.recordSize();
    }

    /**
     * Appends the record {@code writer} describes to {@code topic}/{@code queueId} of {@code store} and waits for it:
     * APPENDED (or FLUSH_DISK_TIMEOUT) on success, else why not (RECORD_INVALID when it does not fit a record).
     */
    static AppendStatus append(MessageStore store, StoredRecordWriter writer, String topic, int queueId)
        throws InterruptedException {
        if (writer.check() != SizeCheck.FITS) {
            return AppendStatus.RECORD_INVALID;
        }
        LogAppend append = new LogAppend(writer, topic, queueId);
        AppendStatus submitted = store.submit(append);
        if (submitted != AppendStatus.ACCEPTED) {
            return submitted;
        }
        try {
            return append.done.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return AppendStatus.STORE_FAILED;
        }
    }

    /** True when {@code status} means the record is in the log. */
    static boolean stored(AppendStatus status) {
        return status == AppendStatus.APPENDED || status == AppendStatus.FLUSH_DISK_TIMEOUT;
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
        writer.queueOffset(entry.queueOffset()).physicalOffset(entry.physicalOffset()).storeTimestamp(entry.storeTimestamp())
            .write(destination, position);
    }

    @Override
    public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        done.complete(status);
    }
}
