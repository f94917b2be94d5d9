package io.apogee.broker.transaction;

import io.apogee.broker.detour.MessageCopy;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * A half message read back from the half topic, copied out of the mapped log ({@link MessageCopy}, moved to its real
 * topic and queue), and where it lies (commit-log offset, half-queue offset). It writes itself back as the message
 * its producer sent, to its real topic and queue: for the commit (a COMMIT record pointing at the half message,
 * without the transaction bookkeeping properties) and for the body of CHECK_TRANSACTION_STATE.
 *
 * <p>Immutable after {@link #read}; safe for any thread.
 */
final class HalfMessage {
    /** Properties a committed message leaves behind (RocketMQ clears them on commit). */
    private static final Set<String> DROPPED_ON_COMMIT = Set.of(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID,
        PropertyNames.TRANSACTION_PREPARED);
    private static final Set<String> DROPPED_ON_CHECK = Set.of(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID);

    private final MessageCopy message;
    private final long physicalOffset;
    private final long queueOffset;
    private final long storeTimestamp;
    private final HostAddress storeHost;

    private HalfMessage(StoredRecord record, MessageCopy message) {
        this.message = message;
        this.physicalOffset = record.physicalOffset();
        this.queueOffset = record.queueOffset();
        this.storeTimestamp = record.storeTimestamp();
        this.storeHost = record.storeHost();
    }

    /**
     * The half message in {@code record}, or null when it is not one: no REAL_TOPIC, no REAL_QID number, or a real
     * topic no client may send to.
     */
    static HalfMessage read(StoredRecord record) {
        MessageCopy message = MessageCopy.of(record);
        return message.moveToRealTarget() ? new HalfMessage(record, message) : null;
    }

    long physicalOffset() {
        return physicalOffset;
    }

    long queueOffset() {
        return queueOffset;
    }

    long storeTimestamp() {
        return storeTimestamp;
    }

    String realTopic() {
        return message.topic();
    }

    int realQueueId() {
        return message.queueId();
    }

    /** The producer group (PGROUP), or null. */
    String producerGroup() {
        return message.get(PropertyNames.PRODUCER_GROUP);
    }

    /** The UNIQ_KEY, or null. */
    String uniqueKey() {
        return message.get(PropertyNames.UNIQ_KEY);
    }

    /** The producer's transaction id, or the UNIQ_KEY. */
    String transactionId() {
        String id = message.get(PropertyNames.TRANSACTION_ID);
        return id != null ? id : uniqueKey();
    }

    /** The store host, for the offset message id. */
    HostAddress storeHost() {
        return storeHost;
    }

    /**
     * Sets {@code writer} to the committed message: the real topic and queue, a COMMIT sysflag, the half message as
     * its prepared-transaction offset, the same body and the properties without the transaction bookkeeping.
     */
    StoredRecordWriter committed(StoredRecordWriter writer) {
        return restored(writer, DROPPED_ON_COMMIT)
            .sysFlag(MessageSysFlag.withTransactionType(message.sysFlag(), MessageSysFlag.TRANSACTION_COMMIT_TYPE))
            .preparedTransactionOffset(physicalOffset);
    }

    /** The message as CHECK_TRANSACTION_STATE carries it: stored form, real topic and queue, the half's offsets. */
    ByteBuffer checkBody() {
        StoredRecordWriter writer = restored(new StoredRecordWriter(), DROPPED_ON_CHECK)
            .queueOffset(queueOffset).physicalOffset(physicalOffset).storeTimestamp(storeTimestamp);
        ByteBuffer buffer = ByteBuffer.allocate(writer.recordSize());
        writer.write(buffer, 0);
        return buffer;
    }

    private StoredRecordWriter restored(StoredRecordWriter writer, Set<String> dropped) {
        return message.writeTo(writer, storeHost, message.propertiesText(dropped));
    }
}
