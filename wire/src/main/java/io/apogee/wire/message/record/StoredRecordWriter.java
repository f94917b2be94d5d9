package io.apogee.wire.message.record;

import io.apogee.common.text.Utf8;
import io.apogee.wire.message.BodyCrc;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesWriter;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchEntry;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes a whole stored record (docs/protocol.md §4.4, layout in {@link StoredRecord}) in place, byte for byte as
 * RocketMQ's {@code MessageExtEncoder} and {@code MessageDecoder.encode} do: set the fields, {@link #check()} them,
 * learn the {@link #recordSize()}, then {@link #write} at the append position. Body, topic and properties are
 * referenced ranges copied once into the record (a batch entry's body and properties are copied from the
 * batch body without re-encoding); a topic, properties string or extra property given as text is UTF-8 encoded in
 * place.
 * Not thread-safe: one per appending thread.
 *
 * <p>The writer chooses V1 for topics up to 127 bytes and V2 above, sets the sysflag's IPv6 bits from the
 * hosts, and computes the body CRC from the bytes written unless one is given. Extra properties (for example
 * CLUSTER, or a UNIQ_KEY the producer did not set) are appended after the given properties, with a 0x02 added
 * between when the given string lacks its final separator; entries encoded once ({@link #trailingEntries}) come last.
 *
 * <p>Not thread-safe: one per appending thread, reused across records (fields stay set until changed or
 * {@link #reset()}).
 */
public final class StoredRecordWriter {
    private static final int INITIAL_EXTRAS = 4;

    private final BodyCrc crc = new BodyCrc();
    private int queueId;
    private int flag;
    private long queueOffset;
    private long physicalOffset;
    private int sysFlag;
    private long bornTimestamp;
    private HostAddress bornHost;
    private long storeTimestamp;
    private HostAddress storeHost;
    private int reconsumeTimes;
    private long preparedTransactionOffset;
    private CharSequence topicText = "";
    private ByteBuffer topicBuffer;
    private int topicOffset;
    private int topicLength;
    private ByteBuffer bodyBuffer;
    private byte[] bodyArray;
    private int bodyOffset;
    private int bodyLength;
    private ByteBuffer propertiesBuffer;
    private CharSequence propertiesText;
    private int propertiesOffset;
    private int propertiesLength;
    private CharSequence[] extraNames = new CharSequence[INITIAL_EXTRAS];
    private CharSequence[] extraValues = new CharSequence[INITIAL_EXTRAS];
    private int extraCount;
    /** Bytes of the extra properties, measured once as each is added. */
    private long extrasLength;
    private byte[] trailingEntries;
    private CharSequence measuredTopic;
    private int measuredTopicLength;
    private boolean crcGiven;
    private int givenCrc;

    /** Clears every field: numbers 0, no hosts, empty topic, body and properties, computed CRC. */
    public StoredRecordWriter reset() {
        queueId = 0;
        flag = 0;
        queueOffset = 0;
        physicalOffset = 0;
        sysFlag = 0;
        bornTimestamp = 0;
        bornHost = null;
        storeTimestamp = 0;
        storeHost = null;
        reconsumeTimes = 0;
        preparedTransactionOffset = 0;
        topic("");
        bodyBuffer = null;
        bodyArray = null;
        bodyOffset = 0;
        bodyLength = 0;
        propertiesBuffer = null;
        propertiesText = null;
        propertiesOffset = 0;
        propertiesLength = 0;
        Arrays.fill(extraNames, 0, extraCount, null);
        Arrays.fill(extraValues, 0, extraCount, null);
        extraCount = 0;
        extrasLength = 0;
        trailingEntries = null;
        crcGiven = false;
        return this;
    }

    /** Sets the queue id. */
    public StoredRecordWriter queueId(int value) {
        queueId = value;
        return this;
    }

    /** Sets the user flag. */
    public StoredRecordWriter flag(int value) {
        flag = value;
        return this;
    }

    /** Sets the consume-queue offset. */
    public StoredRecordWriter queueOffset(long value) {
        queueOffset = value;
        return this;
    }

    /** Sets the commit-log offset of the record. */
    public StoredRecordWriter physicalOffset(long value) {
        physicalOffset = value;
        return this;
    }

    /** Sets the sysflag (its IPv6 host bits are replaced by the hosts' kinds when writing). */
    public StoredRecordWriter sysFlag(int value) {
        sysFlag = value;
        return this;
    }

    /** Sets the producer's timestamp. */
    public StoredRecordWriter bornTimestamp(long value) {
        bornTimestamp = value;
        return this;
    }

    /** Sets the producer's address. */
    public StoredRecordWriter bornHost(HostAddress value) {
        bornHost = Objects.requireNonNull(value, "bornHost");
        return this;
    }

    /** Sets the broker's timestamp. */
    public StoredRecordWriter storeTimestamp(long value) {
        storeTimestamp = value;
        return this;
    }

    /** Sets the broker's address. */
    public StoredRecordWriter storeHost(HostAddress value) {
        storeHost = Objects.requireNonNull(value, "storeHost");
        return this;
    }

    /** Sets the reconsume count. */
    public StoredRecordWriter reconsumeTimes(int value) {
        reconsumeTimes = value;
        return this;
    }

    /** Sets the prepared transaction offset. */
    public StoredRecordWriter preparedTransactionOffset(long value) {
        preparedTransactionOffset = value;
        return this;
    }

    /** Sets the topic as text (UTF-8 encoded when written). */
    public StoredRecordWriter topic(CharSequence value) {
        topicText = Objects.requireNonNull(value, "topic");
        topicBuffer = null;
        // every record of a batch names the same topic: measure it once
        if (value != measuredTopic) {
            measuredTopicLength = Utf8.encodedLength(value);
            measuredTopic = value instanceof String ? value : null;
        }
        topicLength = measuredTopicLength;
        return this;
    }

    /** Sets the topic as {@code length} UTF-8 bytes at absolute {@code offset} of {@code buffer}. */
    public StoredRecordWriter topic(ByteBuffer buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.limit());
        topicBuffer = buffer;
        topicText = null;
        topicOffset = offset;
        topicLength = length;
        return this;
    }

    /** Sets the body to {@code length} bytes at absolute {@code offset} of {@code buffer} (copied when written). */
    public StoredRecordWriter body(ByteBuffer buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.limit());
        bodyBuffer = buffer;
        bodyArray = null;
        bodyOffset = offset;
        bodyLength = length;
        return this;
    }

    /** Sets the body to {@code length} bytes of {@code array} at {@code offset} (copied when written). */
    public StoredRecordWriter body(byte[] array, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, array.length);
        bodyArray = array;
        bodyBuffer = null;
        bodyOffset = offset;
        bodyLength = length;
        return this;
    }

    /** Sets the encoded properties string to {@code length} bytes at absolute {@code offset} of {@code buffer}. */
    public StoredRecordWriter properties(ByteBuffer buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.limit());
        propertiesBuffer = buffer;
        propertiesText = null;
        propertiesOffset = offset;
        propertiesLength = length;
        return this;
    }

    /** Sets the properties string as text (for example a header's properties field), UTF-8 encoded when written. */
    public StoredRecordWriter properties(CharSequence text) {
        propertiesText = Objects.requireNonNull(text, "properties");
        propertiesBuffer = null;
        propertiesLength = Utf8.encodedLength(text);
        return this;
    }

    /** Appends a property after the given properties string. */
    public StoredRecordWriter extraProperty(CharSequence name, CharSequence value) {
        if (extraCount == extraNames.length) {
            extraNames = Arrays.copyOf(extraNames, extraCount * 2);
            extraValues = Arrays.copyOf(extraValues, extraCount * 2);
        }
        extraNames[extraCount] = Objects.requireNonNull(name, "name");
        extraValues[extraCount] = Objects.requireNonNull(value, "value");
        extraCount++;
        extrasLength += PropertiesWriter.entryLength(name, value);
        return this;
    }

    /**
     * Appends already encoded property entries (each {@code name 0x01 value 0x02}) after the extra properties: the
     * entries every record of a broker carries, encoded once instead of per record. The array is not copied.
     */
    public StoredRecordWriter trailingEntries(byte[] encoded) {
        trailingEntries = Objects.requireNonNull(encoded, "encoded").length == 0 ? null : encoded;
        return this;
    }

    /** Drops the extra properties. */
    public StoredRecordWriter clearExtraProperties() {
        Arrays.fill(extraNames, 0, extraCount, null);
        Arrays.fill(extraValues, 0, extraCount, null);
        extraCount = 0;
        extrasLength = 0;
        return this;
    }

    /** Uses {@code value} as the body CRC instead of computing it (for a body whose CRC is already known). */
    public StoredRecordWriter bodyCrc(int value) {
        crcGiven = true;
        givenCrc = value;
        return this;
    }

    /** Computes the body CRC from the bytes written (the default). */
    public StoredRecordWriter computeBodyCrc() {
        crcGiven = false;
        return this;
    }

    /** Takes the flag, body and properties of a batch entry: its bytes are copied as they are. */
    public StoredRecordWriter fromBatchEntry(BatchEntry entry) {
        flag(entry.flag());
        body(entry.buffer(), entry.bodyOffset(), entry.bodyLength());
        return properties(entry.buffer(), entry.propertiesOffset(), entry.propertiesLength());
    }

    /** The queue offset set last. */
    public long queueOffset() {
        return queueOffset;
    }

    /** The store timestamp set last. */
    public long storeTimestamp() {
        return storeTimestamp;
    }

    /** Whether the fields fit the layout. */
    public SizeCheck check() {
        if (topicLength > StoredRecord.MAX_TOPIC_LENGTH) {
            return SizeCheck.TOPIC_TOO_LONG;
        }
        if (totalPropertiesLength() > StoredRecord.MAX_PROPERTIES_LENGTH) {
            return SizeCheck.PROPERTIES_TOO_LONG;
        }
        long fixed = StoredRecord.recordSize(effectiveSysFlag(), 0, topicLength, StoredRecord.MAX_PROPERTIES_LENGTH);
        return fixed + bodyLength > Integer.MAX_VALUE ? SizeCheck.RECORD_TOO_LARGE : SizeCheck.FITS;
    }

    /** Bytes the record takes (when {@link #check()} is {@link SizeCheck#FITS}). */
    public int recordSize() {
        requireHosts();
        return StoredRecord.recordSize(effectiveSysFlag(), bodyLength, topicLength, totalPropertiesLength());
    }

    /**
     * Writes the record at absolute {@code offset} of {@code destination} and returns its size.
     *
     * @throws IllegalStateException     when {@link #check()} is not {@link SizeCheck#FITS} or a host is missing
     * @throws IndexOutOfBoundsException when the destination has less room than {@link #recordSize()}
     */
    public int write(ByteBuffer destination, int offset) {
        SizeCheck fit = check();
        if (fit != SizeCheck.FITS) {
            throw new IllegalStateException("record does not fit the layout: " + fit);
        }
        int size = recordSize();
        writeSized(destination, offset, size);
        return size;
    }

    /**
     * Writes the record at absolute {@code offset} of {@code destination} only when it fits the layout and takes
     * exactly {@code expectedSize} bytes, the room reserved for it; otherwise writes nothing. Sizes the record once,
     * for a single writer that checks every record it is handed (the commit log's appender).
     *
     * @return false when the record does not fit or its size differs (nothing was written)
     * @throws IndexOutOfBoundsException when the destination has less room than {@code expectedSize}
     */
    public boolean writeExactly(ByteBuffer destination, int offset, int expectedSize) {
        if (check() != SizeCheck.FITS || recordSize() != expectedSize) {
            return false;
        }
        writeSized(destination, offset, expectedSize);
        return true;
    }

    /** Writes the record, already checked to fit and to take {@code size} bytes. */
    private void writeSized(ByteBuffer destination, int offset, int size) {
        Objects.checkFromIndexSize(offset, size, destination.limit());
        int flags = effectiveSysFlag();
        int magic = StoredRecord.magicFor(topicLength);
        destination.putInt(offset + StoredRecord.TOTAL_SIZE_OFFSET, size);
        destination.putInt(offset + StoredRecord.MAGIC_OFFSET, magic);
        destination.putInt(offset + StoredRecord.QUEUE_ID_OFFSET, queueId);
        destination.putInt(offset + StoredRecord.FLAG_OFFSET, flag);
        destination.putLong(offset + StoredRecord.QUEUE_OFFSET_OFFSET, queueOffset);
        destination.putLong(offset + StoredRecord.PHYSICAL_OFFSET_OFFSET, physicalOffset);
        destination.putInt(offset + StoredRecord.SYS_FLAG_OFFSET, flags);
        destination.putLong(offset + StoredRecord.BORN_TIMESTAMP_OFFSET, bornTimestamp);
        bornHost.write(destination, offset + StoredRecord.BORN_HOST_OFFSET);
        destination.putLong(offset + StoredRecord.storeTimestampOffset(flags), storeTimestamp);
        storeHost.write(destination, offset + StoredRecord.storeHostOffset(flags));
        destination.putInt(offset + StoredRecord.reconsumeTimesOffset(flags), reconsumeTimes);
        destination.putLong(offset + StoredRecord.preparedTransactionOffsetOffset(flags), preparedTransactionOffset);
        destination.putInt(offset + StoredRecord.bodyLengthOffset(flags), bodyLength);
        int bodyAt = offset + StoredRecord.bodyOffset(flags);
        writeBody(destination, bodyAt);
        int topicLengthAt = bodyAt + bodyLength;
        int topicAt = writeTopic(destination, topicLengthAt, magic);
        // the properties take what the size leaves: no second pass over them to measure
        writeProperties(destination, topicAt + topicLength, size - StoredRecord.recordSize(flags, bodyLength, topicLength, 0));
        int bodyCrc = crcGiven ? givenCrc : crc.of(destination, bodyAt, bodyLength);
        destination.putInt(offset + StoredRecord.BODY_CRC_OFFSET, bodyCrc);
    }

    private void writeBody(ByteBuffer destination, int at) {
        if (bodyBuffer != null) {
            destination.put(at, bodyBuffer, bodyOffset, bodyLength);
        } else if (bodyArray != null) {
            destination.put(at, bodyArray, bodyOffset, bodyLength);
        }
    }

    /** Writes the topic length and topic; returns the absolute offset of the topic. */
    private int writeTopic(ByteBuffer destination, int lengthAt, int magic) {
        int topicAt;
        if (magic == StoredRecord.MAGIC_V2) {
            destination.putShort(lengthAt, (short) topicLength);
            topicAt = lengthAt + StoredRecord.V2_TOPIC_LENGTH_SIZE;
        } else {
            destination.put(lengthAt, (byte) topicLength);
            topicAt = lengthAt + StoredRecord.V1_TOPIC_LENGTH_SIZE;
        }
        if (topicBuffer != null) {
            destination.put(topicAt, topicBuffer, topicOffset, topicLength);
        } else {
            Utf8.encode(topicText, destination, topicAt);
        }
        return topicAt;
    }

    private void writeProperties(ByteBuffer destination, int lengthAt, int total) {
        destination.putShort(lengthAt, (short) total);
        int at = lengthAt + StoredRecord.PROPERTIES_LENGTH_SIZE;
        if (propertiesText != null) {
            at += Utf8.encode(propertiesText, destination, at);
        } else if (propertiesLength > 0) {
            destination.put(at, propertiesBuffer, propertiesOffset, propertiesLength);
            at += propertiesLength;
        }
        if (needsSeparator()) {
            destination.put(at++, PropertyNames.PROPERTY_SEPARATOR);
        }
        for (int i = 0; i < extraCount; i++) {
            at += PropertiesWriter.writeEntry(extraNames[i], extraValues[i], destination, at);
        }
        if (trailingEntries != null) {
            destination.put(at, trailingEntries);
        }
    }

    private boolean needsSeparator() {
        if (extraCount == 0 && trailingEntries == null || propertiesLength == 0) {
            return false;
        }
        int last = propertiesText != null ? propertiesText.charAt(propertiesText.length() - 1)
            : propertiesBuffer.get(propertiesOffset + propertiesLength - 1);
        return last != PropertyNames.PROPERTY_SEPARATOR;
    }

    private int totalPropertiesLength() {
        long total = propertiesLength + (needsSeparator() ? 1 : 0) + extrasLength
            + (trailingEntries == null ? 0 : trailingEntries.length);
        return (int) Math.min(total, Integer.MAX_VALUE);
    }

    private int effectiveSysFlag() {
        requireHosts();
        return MessageSysFlag.withStoreHostV6(MessageSysFlag.withBornHostV6(sysFlag, bornHost.isIpv6()), storeHost.isIpv6());
    }

    private void requireHosts() {
        if (bornHost == null || storeHost == null) {
            throw new IllegalStateException("born host and store host must be set");
        }
    }

    /** Drops references to the last buffers seen by the CRC engine. */
    public StoredRecordWriter release() {
        crc.release();
        return this;
    }
}
