package io.apogee.broker.transaction;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.wire.message.record.SizeCheck;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One record the broker itself appends for a transaction (a committed message, an op record), through the store's
 * {@link SingleRecordAppend}: waited for by END_TRANSACTION on the admin thread, off the send path; only submitted by
 * the checker, which must never wait for the store.
 *
 * <p>Stateless: {@link #append} is safe for any thread; each call has its own request.
 */
final class LogAppend {
    private static final long TIMEOUT_SECONDS = 10;

    private LogAppend() {
    }

    /**
     * Appends the record {@code record} describes to {@code topic}/{@code queueId} of {@code store} and waits for it:
     * APPENDED (or FLUSH_DISK_TIMEOUT) on success, else why not (RECORD_INVALID when it does not fit a record).
     */
    static AppendStatus append(MessageStore store, SingleRecordAppend.Description record, String topic, int queueId)
        throws InterruptedException {
        CompletableFuture<AppendStatus> done = new CompletableFuture<>();
        SingleRecordAppend append = new SingleRecordAppend(record,
            (status, physicalOffset, queueOffset, storeTimestamp) -> done.complete(status));
        if (append.prepare(topic, queueId) != SizeCheck.FITS) {
            return AppendStatus.RECORD_INVALID;
        }
        AppendStatus submitted = store.submit(append);
        if (submitted != AppendStatus.ACCEPTED) {
            return submitted;
        }
        try {
            return done.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return AppendStatus.STORE_FAILED;
        }
    }

    /**
     * Submits the record {@code record} describes to {@code topic}/{@code queueId} of {@code store} without waiting:
     * {@code done} is told the outcome on a store agent when the submit was ACCEPTED (the status returned), and never
     * otherwise.
     */
    static AppendStatus submit(MessageStore store, SingleRecordAppend.Description record, String topic, int queueId,
        Consumer<AppendStatus> done) {
        SingleRecordAppend append = new SingleRecordAppend(record,
            (status, physicalOffset, queueOffset, storeTimestamp) -> done.accept(status));
        if (append.prepare(topic, queueId) != SizeCheck.FITS) {
            return AppendStatus.RECORD_INVALID;
        }
        return store.submit(append);
    }

    /** True when {@code status} means the record is in the log. */
    static boolean stored(AppendStatus status) {
        return status.isWritten();
    }
}
