package io.apogee.broker.transaction;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A half message read back from the half topic, copied out of the mapped log: its fields, body and properties, and
 * where it lies (commit-log offset, half-queue offset). It writes itself back as the message its producer sent, to
 * its real topic and queue: for the commit (a COMMIT record pointing at the half message, without the transaction
 * bookkeeping properties) and for the body of CHECK_TRANSACTION_STATE.
 *
 * <p>Immutable after {@link #read}; safe for any thread.
 */
final class HalfMessage {
    /** Properties a committed message leaves behind (RocketMQ clears them on commit). */
    private static final Set<String> DROPPED_ON_COMMIT = Set.of(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID,
        PropertyNames.TRANSACTION_PREPARED);
    private static final Set<String> DROPPED_ON_CHECK = Set.of(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID);

    private final long physicalOffset;
    private final long queueOffset;
    private final int flag;
    private final int sysFlag;
    private final long bornTimestamp;
    private final HostAddress bornHost;
    private final long storeTimestamp;
    private final HostAddress storeHost;
    private final int reconsumeTimes;
    private final byte[] body;
    private final Map<String, String> properties;

    private HalfMessage(StoredRecord record, Map<String, String> properties) {
        this.physicalOffset = record.physicalOffset();
        this.queueOffset = record.queueOffset();
        this.flag = record.flag();
        this.sysFlag = record.sysFlag();
        this.bornTimestamp = record.bornTimestamp();
        this.bornHost = record.bornHost();
        this.storeTimestamp = record.storeTimestamp();
        this.storeHost = record.storeHost();
        this.reconsumeTimes = record.reconsumeTimes();
        this.body = new byte[record.bodyLength()];
        record.buffer().get(record.bodyOffset(), body);
        this.properties = properties;
    }

    /** The half message in {@code record}, or null when it is not one (no REAL_TOPIC or REAL_QID). */
    static HalfMessage read(StoredRecord record) {
        Map<String, String> properties = new LinkedHashMap<>();
        PropertiesReader reader = record.properties();
        reader.rewind();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        if (!properties.containsKey(PropertyNames.REAL_TOPIC) || !properties.containsKey(PropertyNames.REAL_QUEUE_ID)) {
            return null;
        }
        return new HalfMessage(record, properties);
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
        return properties.get(PropertyNames.REAL_TOPIC);
    }

    int realQueueId() {
        try {
            return Integer.parseInt(properties.get(PropertyNames.REAL_QUEUE_ID));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The producer group (PGROUP), or null. */
    String producerGroup() {
        return properties.get(PropertyNames.PRODUCER_GROUP);
    }

    /** The UNIQ_KEY, or null. */
    String uniqueKey() {
        return properties.get(PropertyNames.UNIQ_KEY);
    }

    /** The producer's transaction id, or the UNIQ_KEY. */
    String transactionId() {
        String id = properties.get(PropertyNames.TRANSACTION_ID);
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
            .sysFlag(MessageSysFlag.withTransactionType(sysFlag, MessageSysFlag.TRANSACTION_COMMIT_TYPE))
            .preparedTransactionOffset(physicalOffset);
    }

    /** The message as CHECK_TRANSACTION_STATE carries it: stored form, real topic and queue, the half's offsets. */
    ByteBuffer checkBody() {
        StoredRecordWriter writer = restored(new StoredRecordWriter(), DROPPED_ON_CHECK).sysFlag(sysFlag)
            .queueOffset(queueOffset).physicalOffset(physicalOffset).storeTimestamp(storeTimestamp);
        ByteBuffer buffer = ByteBuffer.allocate(writer.recordSize());
        writer.write(buffer, 0);
        return buffer;
    }

    private StoredRecordWriter restored(StoredRecordWriter writer, Set<String> dropped) {
        StringBuilder text = new StringBuilder();
        properties.forEach((name, value) -> {
            if (!dropped.contains(name)) {
                text.append(name).append((char) PropertyNames.NAME_VALUE_SEPARATOR).append(value)
                    .append((char) PropertyNames.PROPERTY_SEPARATOR);
            }
        });
        return writer.reset().topic(realTopic()).queueId(realQueueId()).flag(flag).bornTimestamp(bornTimestamp)
            .bornHost(bornHost).storeHost(storeHost).reconsumeTimes(reconsumeTimes).body(body, 0, body.length)
            .properties(text);
    }
}
