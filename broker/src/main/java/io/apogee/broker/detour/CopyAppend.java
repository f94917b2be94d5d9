package io.apogee.broker.detour;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.record.SizeCheck;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The append of one {@link MessageCopy} through the store's {@link SingleRecordAppend}: sized on the building
 * thread, described again by the appender, completed through {@link #result()}. The consume-queue unit's tags code
 * is the store's rule (the schedule and timer topics hold the delivery time there).
 *
 * <p>Built on one thread, then read by the appender and completed on a store agent; not changed after submission.
 */
public final class CopyAppend {
    private final MessageCopy message;
    private final CompletableFuture<Appended> result = new CompletableFuture<>();
    private final SingleRecordAppend append;

    /**
     * The append of {@code message} with {@code storeHost}.
     *
     * @throws IllegalArgumentException when the message does not fit a record
     */
    public CopyAppend(MessageCopy message, HostAddress storeHost) {
        this.message = message;
        String properties = message.propertiesText();
        this.append = new SingleRecordAppend(writer -> message.writeTo(writer, storeHost, properties),
            (status, physicalOffset, queueOffset, storeTimestamp) ->
                result.complete(new Appended(status, physicalOffset, queueOffset)));
        SizeCheck check = append.prepare(message.topic(), message.queueId());
        if (check != SizeCheck.FITS) {
            throw new IllegalArgumentException("the message does not fit a stored record: " + check);
        }
    }

    /** Submits the append to {@code store}: ACCEPTED when {@link #result()} will follow, else why not. */
    public AppendStatus submitTo(MessageStore store) {
        return store.submit(append);
    }

    /**
     * Submits the append to {@code store} and waits up to {@code seconds} for its answer. For a caller that owns a
     * thread which may wait (a delivery agent), never for a request's.
     */
    public Delivery storeAndWait(MessageStore store, long seconds) throws InterruptedException {
        AppendStatus submitted = submitTo(store);
        return submitted == AppendStatus.ACCEPTED ? awaitDelivery(seconds) : Delivery.of(submitted);
    }

    /** Completes when the store has appended (or refused) the record. */
    public CompletableFuture<Appended> result() {
        return result;
    }

    /**
     * Waits up to {@code seconds} for the store's answer; whether the record was written (false when refused, failed
     * or not answered in time).
     */
    public boolean awaitWritten(long seconds) throws InterruptedException {
        return awaitDelivery(seconds) == Delivery.WRITTEN;
    }

    /** Waits up to {@code seconds} for the store's answer; DEFERRED when none came in time. */
    public Delivery awaitDelivery(long seconds) throws InterruptedException {
        try {
            return Delivery.of(result.get(seconds, TimeUnit.SECONDS).status());
        } catch (ExecutionException | TimeoutException e) {
            return Delivery.DEFERRED;
        }
    }

    /** The message appended. */
    public MessageCopy message() {
        return message;
    }

    /**
     * How an append ended.
     *
     * @param status         APPENDED (or another written status) when written, otherwise why not
     * @param physicalOffset the record's commit-log offset
     * @param queueOffset    its queue offset
     */
    public record Appended(AppendStatus status, long physicalOffset, long queueOffset) {
        /** Whether the record was written. */
        public boolean written() {
            return status.isWritten();
        }
    }
}
