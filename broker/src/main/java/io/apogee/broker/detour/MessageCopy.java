package io.apogee.broker.detour;

import io.apogee.broker.topic.Names;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A message the broker writes itself, decoded from a stored record or a request so that its topic, queue and
 * properties can be changed: a retry of a failed message, a delayed or timer message moved to or from its parking
 * topic, a half message committed or checked.
 * The body is copied as stored (still compressed when its sysFlag says so); the properties keep their order.
 *
 * <p>Mutable and not thread-safe: built on one thread, then handed to a {@link CopyAppend} and not changed after.
 */
public final class MessageCopy {
    private static final byte[] EMPTY = new byte[0];

    private final Map<String, String> properties = new LinkedHashMap<>();
    private String topic;
    private int queueId;
    private int flag;
    private int sysFlag;
    private long bornTimestamp;
    private HostAddress bornHost;
    private int reconsumeTimes;
    private byte[] body;

    /** A copy of {@code record}: every field but the offsets, store time and store host (the new record's own). */
    public static MessageCopy of(StoredRecord record) {
        MessageCopy copy = new MessageCopy();
        copy.topic = record.topic();
        copy.queueId = record.queueId();
        copy.flag = record.flag();
        copy.sysFlag = record.sysFlag();
        copy.bornTimestamp = record.bornTimestamp();
        copy.bornHost = record.bornHost();
        copy.reconsumeTimes = record.reconsumeTimes();
        copy.body = new byte[record.bodyLength()];
        record.buffer().get(record.bodyOffset(), copy.body);
        copy.readProperties(record.properties());
        return copy;
    }

    /**
     * A new message to {@code topic}/{@code queueId} with no flags, born at 0 with no host, never reconsumed and with
     * an empty body; set the request's fields with {@link #flag(int)}, {@link #sysFlag(int)}, {@link #born},
     * {@link #reconsumeTimes(int)}, {@link #body(byte[])} and the properties with {@link #put}.
     */
    public static MessageCopy to(String topic, int queueId) {
        MessageCopy copy = new MessageCopy();
        copy.topic = topic;
        copy.queueId = queueId;
        copy.body = EMPTY;
        return copy;
    }

    /** Adds every entry {@code reader} holds (in order; a repeated name keeps its last value). */
    public MessageCopy readProperties(PropertiesReader reader) {
        reader.rewind();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        return this;
    }

    /** The topic. */
    public String topic() {
        return topic;
    }

    /** Moves the message to {@code newTopic}. */
    public MessageCopy topic(String newTopic) {
        this.topic = newTopic;
        return this;
    }

    /**
     * Moves the message to {@code parkingTopic}/{@code parkingQueue}, recording where it came from in REAL_TOPIC and
     * REAL_QID for {@link #moveToRealTarget()}.
     */
    public MessageCopy parkOn(String parkingTopic, int parkingQueue) {
        properties.put(PropertyNames.REAL_TOPIC, topic);
        properties.put(PropertyNames.REAL_QUEUE_ID, Integer.toString(queueId));
        this.topic = parkingTopic;
        this.queueId = parkingQueue;
        return this;
    }

    /**
     * Moves the message to the topic and queue in its REAL_TOPIC and REAL_QID properties (kept), where a parked
     * message (delayed, timed, transactional) names its target; false, and nothing changed, when either is missing,
     * the queue is not a number, or the topic is not one a client may send to ({@link Names}): a message parked in an
     * older store, or by a client when system topics were open, must not reach a system topic or an illegal name.
     */
    public boolean moveToRealTarget() {
        String realTopic = properties.get(PropertyNames.REAL_TOPIC);
        String realQueue = properties.get(PropertyNames.REAL_QUEUE_ID);
        if (realTopic == null || realQueue == null || !Names.isValidTopic(realTopic) || Names.isNotAllowedSend(realTopic)) {
            return false;
        }
        try {
            this.queueId = Integer.parseInt(realQueue);
        } catch (NumberFormatException e) {
            return false;
        }
        this.topic = realTopic;
        return true;
    }

    /** The queue id. */
    public int queueId() {
        return queueId;
    }

    /** Moves the message to queue {@code id}. */
    public MessageCopy queueId(int id) {
        this.queueId = id;
        return this;
    }

    /** The flag the producer set. */
    public int flag() {
        return flag;
    }

    /** Sets the producer's flag. */
    public MessageCopy flag(int value) {
        this.flag = value;
        return this;
    }

    /** The system flag (compression, transaction type, host versions). */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the system flag. */
    public MessageCopy sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** Sets when and where the producer made it. */
    public MessageCopy born(long timestamp, HostAddress host) {
        this.bornTimestamp = timestamp;
        this.bornHost = host;
        return this;
    }

    /** When the producer made it. */
    public long bornTimestamp() {
        return bornTimestamp;
    }

    /** The producer's address. */
    public HostAddress bornHost() {
        return bornHost;
    }

    /** How many times it was consumed and handed back. */
    public int reconsumeTimes() {
        return reconsumeTimes;
    }

    /** Sets how many times it was consumed and handed back. */
    public MessageCopy reconsumeTimes(int times) {
        this.reconsumeTimes = times;
        return this;
    }

    /** The body as stored. */
    public byte[] body() {
        return body;
    }

    /** Sets the body as it is to be stored (kept, not copied). */
    public MessageCopy body(byte[] bytes) {
        this.body = bytes;
        return this;
    }

    /** The value of property {@code name}, or null. */
    public String get(String name) {
        return properties.get(name);
    }

    /** Sets property {@code name}. */
    public MessageCopy put(String name, String value) {
        properties.put(name, value);
        return this;
    }

    /** Sets property {@code name} unless it is there. */
    public MessageCopy putIfAbsent(String name, String value) {
        properties.putIfAbsent(name, value);
        return this;
    }

    /** Removes property {@code name}. */
    public MessageCopy remove(String name) {
        properties.remove(name);
        return this;
    }

    /** The properties in RocketMQ's text form: {@code name 0x01 value 0x02} per entry. */
    public String propertiesText() {
        return propertiesText(Set.of());
    }

    /** The properties but those named in {@code left}, in RocketMQ's text form. */
    public String propertiesText(Set<String> left) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            if (!left.contains(entry.getKey())) {
                text.append(entry.getKey()).append((char) PropertyNames.NAME_VALUE_SEPARATOR).append(entry.getValue())
                    .append((char) PropertyNames.PROPERTY_SEPARATOR);
            }
        }
        return text.toString();
    }

    /**
     * Sets {@code writer} (reset first) to this message with {@code storeHost} and the properties {@code text}: every
     * field but the offsets and store time, which belong to the record being written.
     */
    public StoredRecordWriter writeTo(StoredRecordWriter writer, HostAddress storeHost, CharSequence text) {
        return writer.reset().topic(topic).queueId(queueId).flag(flag).sysFlag(sysFlag).bornTimestamp(bornTimestamp)
            .bornHost(bornHost).storeHost(storeHost).reconsumeTimes(reconsumeTimes).body(body, 0, body.length)
            .properties(text);
    }

    @Override
    public String toString() {
        return "MessageCopy{topic=" + topic + ", queueId=" + queueId + ", reconsumeTimes=" + reconsumeTimes
            + ", properties=" + properties + '}';
    }
}
