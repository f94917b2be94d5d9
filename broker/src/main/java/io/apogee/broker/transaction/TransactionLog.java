package io.apogee.broker.transaction;

import io.apogee.broker.metrics.TopicCounters;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.charset.StandardCharsets;

/**
 * The transactional messages in the store: half messages read back (by commit-log offset for END_TRANSACTION, by
 * half-queue offset for the checker), commits appended to the real topic, and op records appended to
 * {@link TransactionTopics#OP} (tag {@value TransactionTopics#OP_TAG}, body the half message's queue offset in
 * decimal, as RocketMQ writes them) beside check records (tag {@value TransactionTopics#CHECK_TAG}), from which
 * {@link #load} rebuilds the {@link TransactionState} at start: what is resolved, and how often the rest was checked.
 *
 * <p>Thread-safe: each call uses its own reader and writer (transactions are resolved one at a time per thread, off
 * the send path); the state is shared under its own lock.
 */
public final class TransactionLog {
    private static final int OP_BATCH = 256;

    private final MessageStore store;
    private final HostAddress storeHost;
    private final Clock clock;
    private final TransactionState state = new TransactionState();
    private final TopicCounters commits = new TopicCounters();
    private final TopicCounters rollbacks = new TopicCounters();

    /** The transactions of {@code store}; records it writes carry {@code storeHost} as born and store host. */
    public TransactionLog(MessageStore store, TopicRegistry topics, HostAddress storeHost, Clock clock) {
        this.store = store;
        this.storeHost = storeHost;
        this.clock = clock;
        topics.createIfAbsent(TransactionTopics.HALF, 1, Permission.READ_WRITE);
        topics.createIfAbsent(TransactionTopics.OP, 1, Permission.READ_WRITE);
    }

    TransactionState state() {
        return state;
    }

    /** Half messages neither committed nor rolled back yet. Any thread. */
    public long halfMessages() {
        return state.unresolvedBelow(store.maxOffset(TransactionTopics.HALF, 0));
    }

    /** Transactions committed since start, by their real topic. */
    public TopicCounters commits() {
        return commits;
    }

    /** Transactions rolled back since start (by their producer or by the check), by their real topic. */
    public TopicCounters rollbacks() {
        return rollbacks;
    }

    /** Replays the op and check records into the state. Call once, before END_TRANSACTION or the checker run. */
    public void load() {
        ReadResult result = new ReadResult(OP_BATCH);
        StoredRecord record = new StoredRecord();
        long offset = store.minOffset(TransactionTopics.OP, 0);
        long max = store.maxOffset(TransactionTopics.OP, 0);
        state.skipTo(store.minOffset(TransactionTopics.HALF, 0));
        while (offset < max) {
            try {
                if (store.read(TransactionTopics.OP, 0, offset, OP_BATCH, Long.MAX_VALUE, TagFilter.ANY, result)
                    != ReadStatus.FOUND) {
                    return;
                }
                for (int i = 0; i < result.count(); i++) {
                    record.wrap(result.buffer(i), result.position(i));
                    byte[] body = new byte[record.bodyLength()];
                    record.buffer().get(record.bodyOffset(), body);
                    try {
                        long halfOffset = Long.parseLong(new String(body, StandardCharsets.US_ASCII));
                        PropertiesReader properties = record.properties();
                        if (properties.find(PropertyNames.TAGS) && properties.valueEquals(TransactionTopics.CHECK_TAG)) {
                            state.recountCheck(halfOffset);
                        } else {
                            state.resolve(halfOffset);
                        }
                    } catch (NumberFormatException e) {
                        // not a record of ours: nothing to replay
                    }
                }
                offset = result.nextOffset();
            } finally {
                result.release();
            }
        }
    }

    /** The half message at commit-log offset {@code physicalOffset}, or null when none is there. */
    HalfMessage halfAt(MessageLookup lookup, ReadResult result, long physicalOffset) {
        try {
            if (lookup.readAt(physicalOffset, result) != ReadStatus.FOUND) {
                return null;
            }
            StoredRecord record = new StoredRecord().wrap(result.buffer(0), result.position(0));
            return record.topicEquals(TransactionTopics.HALF) ? HalfMessage.read(record) : null;
        } finally {
            result.release();
        }
    }

    /**
     * Commits {@code half}: a copy goes to its real topic, then the op record marks it resolved. Returns the status
     * of the first append that failed, or APPENDED; a half message already resolved is left alone (APPENDED).
     */
    AppendStatus commit(HalfMessage half) throws InterruptedException {
        if (!state.resolve(half.queueOffset())) {
            return AppendStatus.APPENDED;
        }
        AppendStatus status = LogAppend.append(store, half::committed, half.realTopic(), half.realQueueId());
        if (!LogAppend.stored(status)) {
            state.unresolve(half.queueOffset());
            return status;
        }
        commits.increment(half.realTopic());
        return appendOp(half.queueOffset(), TransactionTopics.OP_TAG);
    }

    /** Rolls back {@code half}: only the op record; the message stays invisible. Already resolved: APPENDED. */
    AppendStatus rollback(HalfMessage half) throws InterruptedException {
        if (!state.resolve(half.queueOffset())) {
            return AppendStatus.APPENDED;
        }
        AppendStatus status = appendOp(half.queueOffset(), TransactionTopics.OP_TAG);
        if (LogAppend.stored(status)) {
            rollbacks.increment(half.realTopic());
        } else {
            state.unresolve(half.queueOffset());
        }
        return status;
    }

    /**
     * Rolls back {@code half} without waiting for the store (the checker): resolved at once, its op record submitted;
     * if that record cannot be written the message is unresolved again and checked on a later run.
     */
    void rollbackLater(HalfMessage half) {
        if (!state.resolve(half.queueOffset())) {
            return;
        }
        AppendStatus submitted = LogAppend.submit(store, op(half.queueOffset(), TransactionTopics.OP_TAG),
            TransactionTopics.OP, 0, status -> {
                if (LogAppend.stored(status)) {
                    rollbacks.increment(half.realTopic());
                } else {
                    state.unresolve(half.queueOffset());
                }
            });
        if (submitted != AppendStatus.ACCEPTED) {
            state.unresolve(half.queueOffset());
        }
    }

    /**
     * Counts one more check of {@code half} and submits its record without waiting for it; false when the store
     * refused the record at once (not counted). A count whose record is lost later (the store failed) is kept in
     * memory: after a restart the message is checked that many times more at most.
     */
    boolean countCheck(HalfMessage half) {
        AppendStatus submitted = LogAppend.submit(store, op(half.queueOffset(), TransactionTopics.CHECK_TAG),
            TransactionTopics.OP, 0, status -> { });
        if (submitted != AppendStatus.ACCEPTED) {
            return false;
        }
        state.countCheck(half.queueOffset());
        return true;
    }

    private AppendStatus appendOp(long halfQueueOffset, String tag) throws InterruptedException {
        return LogAppend.append(store, op(halfQueueOffset, tag), TransactionTopics.OP, 0);
    }

    /** The op record of {@code halfQueueOffset} with {@code tag}: the offset in decimal, born now on this broker. */
    private SingleRecordAppend.Description op(long halfQueueOffset, String tag) {
        byte[] body = Long.toString(halfQueueOffset).getBytes(StandardCharsets.US_ASCII);
        long now = clock.millis();
        String properties = PropertyNames.TAGS + (char) PropertyNames.NAME_VALUE_SEPARATOR + tag
            + (char) PropertyNames.PROPERTY_SEPARATOR;
        return writer -> writer.bornTimestamp(now).bornHost(storeHost).storeHost(storeHost)
            .body(body, 0, body.length).properties(properties);
    }

    /** The store, for the checker's reads. */
    MessageStore store() {
        return store;
    }
}
