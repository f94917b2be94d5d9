package io.apogee.broker.message;

import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongUnaryOperator;

/**
 * The append of one {@link MessageCopy}. Sized on the submitting thread with its own writer, written by the
 * appender, completed through {@link #result()}. A tags-code rule may replace the tag hash in the consume-queue unit
 * (the schedule topic holds the delivery time there, computed from the store time).
 *
 * <p>Built on one thread, then read by the appender and completed on a store agent; not changed after submission.
 */
public final class CopyAppend implements AppendRequest {
    private final MessageCopy message;
    private final HostAddress storeHost;
    private final String properties;
    private final LongUnaryOperator tagsCodeOfStoreTime;
    private final StoredRecordWriter writer = new StoredRecordWriter();
    private final CompletableFuture<Appended> result = new CompletableFuture<>();
    private final int size;

    /**
     * The append of {@code message} with {@code storeHost}; {@code tagsCodeOfStoreTime} (null for the tag hash) maps
     * the store time to the unit's tags code.
     *
     * @throws IllegalArgumentException when the message does not fit a record
     */
    public CopyAppend(MessageCopy message, HostAddress storeHost, LongUnaryOperator tagsCodeOfStoreTime) {
        this.message = message;
        this.storeHost = storeHost;
        this.properties = message.propertiesText();
        this.tagsCodeOfStoreTime = tagsCodeOfStoreTime;
        message.writeTo(writer, storeHost, properties);
        SizeCheck check = writer.check();
        if (check != SizeCheck.FITS) {
            throw new IllegalArgumentException("the message does not fit a stored record: " + check);
        }
        this.size = writer.recordSize();
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
        try {
            return result.get(seconds, TimeUnit.SECONDS).written();
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** The message appended. */
    public MessageCopy message() {
        return message;
    }

    @Override
    public String topic() {
        return message.topic();
    }

    @Override
    public int queueId() {
        return message.queueId();
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
        writer.queueOffset(entry.queueOffset()).physicalOffset(entry.physicalOffset())
            .storeTimestamp(entry.storeTimestamp()).write(destination, position);
        if (tagsCodeOfStoreTime != null) {
            entry.tagsCode(tagsCodeOfStoreTime.applyAsLong(entry.storeTimestamp()));
        }
    }

    @Override
    public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
        result.complete(new Appended(status, physicalOffset, queueOffset));
    }

    /**
     * How an append ended.
     *
     * @param status         APPENDED (or FLUSH_DISK_TIMEOUT) when written, otherwise why not
     * @param physicalOffset the record's commit-log offset
     * @param queueOffset    its queue offset
     */
    public record Appended(AppendStatus status, long physicalOffset, long queueOffset) {
        /** Whether the record was written. */
        public boolean written() {
            return status == AppendStatus.APPENDED || status == AppendStatus.FLUSH_DISK_TIMEOUT;
        }
    }
}
