package io.apogee.wire.message.record;

import io.apogee.common.text.InternTable;
import io.apogee.common.text.Utf8;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.TagsCode;
import io.apogee.wire.message.Utf8Chars;
import java.nio.ByteBuffer;

/**
 * Flyweight over one stored message record (docs/protocol.md §4.4), the layout of RocketMQ's commit log and of PULL
 * bodies. It owns the layout: offset constants, the size calculator ({@link #recordSize}) and the offsets of the fields
 * that move with the host kinds and lengths. Fields are read in place; fixed-position fields the appender patches
 * (queue offset, physical offset, store timestamp, CRC) also have setters.
 * Not thread-safe: a flyweight owned by one thread.
 *
 * <pre>
 *   0  totalSize        int32   whole record, this field included
 *   4  magic            int32   0xDAA320A7 (V1: 1-byte topic length) or 0xDAA320AB (V2: 2-byte topic length)
 *   8  bodyCrc          int32   CRC-32 of the body as stored, &amp; 0x7FFFFFFF
 *  12  queueId          int32
 *  16  flag             int32   user flag
 *  20  queueOffset      int64   logical offset in the consume queue
 *  28  physicalOffset   int64   commit-log offset of this record
 *  36  sysFlag          int32   {@link MessageSysFlag}; bits 0x10 / 0x20 make the born / store host IPv6
 *  40  bornTimestamp    int64
 *  48  bornHost         4+4 or 16+4 bytes   (address, int32 port)
 *   .  storeTimestamp   int64               (at 56 when the born host is IPv4)
 *   .  storeHost        4+4 or 16+4 bytes
 *   .  reconsumeTimes   int32
 *   .  preparedTxOffset int64
 *   .  bodyLength       int32, then body    (84 bytes up to here with IPv4 hosts; 12 more per IPv6 host)
 *   .  topicLength      int8 (V1, signed) or int16 (V2), then topic (UTF-8)
 *   .  propertiesLength int16, then properties (docs/protocol.md §4.1)
 * </pre>
 *
 * <p>The blank record that pads the end of a commit-log file is {@code [int32 size][int32 BLANK_MAGIC]}.
 *
 * <p>Not thread-safe: a flyweight owned by one thread and re-pointed with {@link #wrap}. It trusts the bytes it
 * is pointed at: check untrusted input with {@link RecordValidator} first.
 */
public class StoredRecord {
    /** Offset of the total size. */
    public static final int TOTAL_SIZE_OFFSET = 0;
    /** Offset of the magic code. */
    public static final int MAGIC_OFFSET = 4;
    /** Offset of the body CRC. */
    public static final int BODY_CRC_OFFSET = 8;
    /** Offset of the queue id. */
    public static final int QUEUE_ID_OFFSET = 12;
    /** Offset of the user flag. */
    public static final int FLAG_OFFSET = 16;
    /** Offset of the queue offset. */
    public static final int QUEUE_OFFSET_OFFSET = 20;
    /** Offset of the physical (commit-log) offset. */
    public static final int PHYSICAL_OFFSET_OFFSET = 28;
    /** Offset of the sysflag. */
    public static final int SYS_FLAG_OFFSET = 36;
    /** Offset of the born timestamp. */
    public static final int BORN_TIMESTAMP_OFFSET = 40;
    /** Offset of the born host; every later field moves with the host kinds. */
    public static final int BORN_HOST_OFFSET = 48;
    /** Bytes of a timestamp. */
    public static final int TIMESTAMP_LENGTH = Long.BYTES;
    /** Bytes of the reconsume count. */
    public static final int RECONSUME_TIMES_LENGTH = Integer.BYTES;
    /** Bytes of the prepared transaction offset. */
    public static final int PREPARED_TRANSACTION_OFFSET_LENGTH = Long.BYTES;
    /** Bytes of the body length. */
    public static final int BODY_LENGTH_SIZE = Integer.BYTES;
    /** Bytes of the V1 topic length. */
    public static final int V1_TOPIC_LENGTH_SIZE = Byte.BYTES;
    /** Bytes of the V2 topic length. */
    public static final int V2_TOPIC_LENGTH_SIZE = Short.BYTES;
    /** Bytes of the properties length. */
    public static final int PROPERTIES_LENGTH_SIZE = Short.BYTES;
    /** Magic code of a V1 record (topic length in one signed byte). */
    public static final int MAGIC_V1 = 0xDAA320A7;
    /** Magic code of a V2 record (topic length in two bytes). */
    public static final int MAGIC_V2 = 0xDAA320AB;
    /** Magic code of the blank record padding the end of a commit-log file. */
    public static final int BLANK_MAGIC = 0xCBD43194;
    /** Bytes of a blank record as written: size and magic (it declares the whole rest of the file). */
    public static final int BLANK_LENGTH = Integer.BYTES + Integer.BYTES;
    /** The longest topic a V1 record can hold; longer topics need V2. */
    public static final int MAX_V1_TOPIC_LENGTH = Byte.MAX_VALUE;
    /** The longest topic a V2 record can hold. */
    public static final int MAX_TOPIC_LENGTH = Short.MAX_VALUE;
    /** The longest properties string the int16 length can describe. */
    public static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;
    /** Bytes of the smallest record: V1, IPv4 hosts, empty body, topic and properties. */
    public static final int MIN_RECORD_SIZE = recordSize(MAGIC_V1, 0, 0, 0, 0);

    private final PropertiesReader properties = new PropertiesReader();
    private ByteBuffer buffer;
    private int offset;
    private int storeTimestampAt;
    private int storeHostAt;
    private int reconsumeTimesAt;
    private int bodyLengthAt;
    private int topicAt;
    private int topicLength;
    private int propertiesLengthAt;

    /** Bytes a host takes: 8 for IPv4, 20 for IPv6. */
    public static int hostLength(boolean ipv6) {
        return HostAddress.encodedLength(ipv6);
    }

    /** Offset of the store timestamp in a record with this sysflag. */
    public static int storeTimestampOffset(int sysFlag) {
        return BORN_HOST_OFFSET + hostLength(MessageSysFlag.isBornHostV6(sysFlag));
    }

    /** Offset of the store host in a record with this sysflag. */
    public static int storeHostOffset(int sysFlag) {
        return storeTimestampOffset(sysFlag) + TIMESTAMP_LENGTH;
    }

    /** Offset of the reconsume count in a record with this sysflag. */
    public static int reconsumeTimesOffset(int sysFlag) {
        return storeHostOffset(sysFlag) + hostLength(MessageSysFlag.isStoreHostV6(sysFlag));
    }

    /** Offset of the prepared transaction offset in a record with this sysflag. */
    public static int preparedTransactionOffsetOffset(int sysFlag) {
        return reconsumeTimesOffset(sysFlag) + RECONSUME_TIMES_LENGTH;
    }

    /** Offset of the body length in a record with this sysflag. */
    public static int bodyLengthOffset(int sysFlag) {
        return preparedTransactionOffsetOffset(sysFlag) + PREPARED_TRANSACTION_OFFSET_LENGTH;
    }

    /** Offset of the body in a record with this sysflag. */
    public static int bodyOffset(int sysFlag) {
        return bodyLengthOffset(sysFlag) + BODY_LENGTH_SIZE;
    }

    /** True for the two message magic codes. */
    public static boolean isMessageMagic(int magic) {
        return magic == MAGIC_V1 || magic == MAGIC_V2;
    }

    /** The magic code a record with a topic of {@code topicLength} bytes gets: V1 up to 127 bytes, else V2. */
    public static int magicFor(int topicLength) {
        return topicLength <= MAX_V1_TOPIC_LENGTH ? MAGIC_V1 : MAGIC_V2;
    }

    /** Bytes of the topic length field under {@code magic}. */
    public static int topicLengthSize(int magic) {
        return magic == MAGIC_V2 ? V2_TOPIC_LENGTH_SIZE : V1_TOPIC_LENGTH_SIZE;
    }

    /**
     * Bytes of a record ({@code MessageExtEncoder.calMsgLength}), choosing V1 or V2 by the topic length. Lengths
     * are non-negative and within the layout's maxima.
     */
    public static int recordSize(int sysFlag, int bodyLength, int topicLength, int propertiesLength) {
        return recordSize(magicFor(topicLength), sysFlag, bodyLength, topicLength, propertiesLength);
    }

    /** Bytes of a record with the given magic code. */
    public static int recordSize(int magic, int sysFlag, int bodyLength, int topicLength, int propertiesLength) {
        return bodyOffset(sysFlag) + bodyLength + topicLengthSize(magic) + topicLength + PROPERTIES_LENGTH_SIZE
            + propertiesLength;
    }

    /** Writes the blank record that pads the last {@code length} bytes of a file (8 bytes are written). */
    public static void writeBlank(ByteBuffer buffer, int offset, int length) {
        buffer.putInt(offset + TOTAL_SIZE_OFFSET, length);
        buffer.putInt(offset + MAGIC_OFFSET, BLANK_MAGIC);
    }

    /** Points this flyweight at the record starting at absolute {@code offset} (which must be valid). */
    public StoredRecord wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.offset = offset;
        int sysFlag = buffer.getInt(offset + SYS_FLAG_OFFSET);
        storeTimestampAt = offset + storeTimestampOffset(sysFlag);
        storeHostAt = offset + storeHostOffset(sysFlag);
        reconsumeTimesAt = offset + reconsumeTimesOffset(sysFlag);
        bodyLengthAt = offset + bodyLengthOffset(sysFlag);
        int topicLengthAt = bodyLengthAt + BODY_LENGTH_SIZE + buffer.getInt(bodyLengthAt);
        boolean v2 = buffer.getInt(offset + MAGIC_OFFSET) == MAGIC_V2;
        topicLength = v2 ? buffer.getShort(topicLengthAt) : buffer.get(topicLengthAt);
        topicAt = topicLengthAt + (v2 ? V2_TOPIC_LENGTH_SIZE : V1_TOPIC_LENGTH_SIZE);
        propertiesLengthAt = topicAt + topicLength;
        return this;
    }

    /** The wrapped buffer. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Absolute offset of the record. */
    public int offset() {
        return offset;
    }

    /** The total size: bytes of the whole record. */
    public int totalSize() {
        return buffer.getInt(offset + TOTAL_SIZE_OFFSET);
    }

    /** The magic code. */
    public int magic() {
        return buffer.getInt(offset + MAGIC_OFFSET);
    }

    /** The body CRC as stored. */
    public int bodyCrc() {
        return buffer.getInt(offset + BODY_CRC_OFFSET);
    }

    /** Overwrites the body CRC. */
    public StoredRecord bodyCrc(int value) {
        buffer.putInt(offset + BODY_CRC_OFFSET, value);
        return this;
    }

    /** The queue id. */
    public int queueId() {
        return buffer.getInt(offset + QUEUE_ID_OFFSET);
    }

    /** The user flag. */
    public int flag() {
        return buffer.getInt(offset + FLAG_OFFSET);
    }

    /** The logical offset in the consume queue. */
    public long queueOffset() {
        return buffer.getLong(offset + QUEUE_OFFSET_OFFSET);
    }

    /** Overwrites the queue offset. */
    public StoredRecord queueOffset(long value) {
        buffer.putLong(offset + QUEUE_OFFSET_OFFSET, value);
        return this;
    }

    /** The commit-log offset of this record. */
    public long physicalOffset() {
        return buffer.getLong(offset + PHYSICAL_OFFSET_OFFSET);
    }

    /** Overwrites the physical offset. */
    public StoredRecord physicalOffset(long value) {
        buffer.putLong(offset + PHYSICAL_OFFSET_OFFSET, value);
        return this;
    }

    /** The sysflag. */
    public int sysFlag() {
        return buffer.getInt(offset + SYS_FLAG_OFFSET);
    }

    /** The producer's timestamp. */
    public long bornTimestamp() {
        return buffer.getLong(offset + BORN_TIMESTAMP_OFFSET);
    }

    /** True when the born host is IPv6. */
    public boolean bornHostIsV6() {
        return MessageSysFlag.isBornHostV6(sysFlag());
    }

    /** Absolute offset of the born host's address bytes. */
    public int bornHostOffset() {
        return offset + BORN_HOST_OFFSET;
    }

    /** Bytes of the born host's address: 4 or 16. */
    public int bornHostAddressLength() {
        return storeTimestampAt - bornHostOffset() - HostAddress.PORT_LENGTH;
    }

    /** The born host's port. */
    public int bornHostPort() {
        return buffer.getInt(storeTimestampAt - HostAddress.PORT_LENGTH);
    }

    /** The born host (allocates). */
    public HostAddress bornHost() {
        return HostAddress.read(buffer, bornHostOffset(), bornHostIsV6());
    }

    /** The broker's timestamp. */
    public long storeTimestamp() {
        return buffer.getLong(storeTimestampAt);
    }

    /** Overwrites the store timestamp. */
    public StoredRecord storeTimestamp(long value) {
        buffer.putLong(storeTimestampAt, value);
        return this;
    }

    /** True when the store host is IPv6. */
    public boolean storeHostIsV6() {
        return MessageSysFlag.isStoreHostV6(sysFlag());
    }

    /** Absolute offset of the store host's address bytes. */
    public int storeHostOffset() {
        return storeHostAt;
    }

    /** Bytes of the store host's address: 4 or 16. */
    public int storeHostAddressLength() {
        return reconsumeTimesAt - storeHostAt - HostAddress.PORT_LENGTH;
    }

    /** The store host's port. */
    public int storeHostPort() {
        return buffer.getInt(reconsumeTimesAt - HostAddress.PORT_LENGTH);
    }

    /** The store host (allocates). */
    public HostAddress storeHost() {
        return HostAddress.read(buffer, storeHostAt, storeHostIsV6());
    }

    /** How many times the message was consumed again. */
    public int reconsumeTimes() {
        return buffer.getInt(reconsumeTimesAt);
    }

    /** The half message's physical offset for a committed transactional message, else 0. */
    public long preparedTransactionOffset() {
        return buffer.getLong(reconsumeTimesAt + RECONSUME_TIMES_LENGTH);
    }

    /** The body length. */
    public int bodyLength() {
        return buffer.getInt(bodyLengthAt);
    }

    /** Absolute offset of the body. */
    public int bodyOffset() {
        return bodyLengthAt + BODY_LENGTH_SIZE;
    }

    /** A new independent buffer over the body (allocates a buffer object, never copies the bytes). */
    public ByteBuffer bodySlice() {
        return buffer.slice(bodyOffset(), bodyLength());
    }

    /** The topic length in bytes. */
    public int topicLength() {
        return topicLength;
    }

    /** Absolute offset of the topic. */
    public int topicOffset() {
        return topicAt;
    }

    /** The topic as a new {@code String}. */
    public String topic() {
        return Utf8.decode(buffer, topicAt, topicLength);
    }

    /** The topic through an intern table: the canonical {@code String}, no allocation once known. */
    public String topic(InternTable names) {
        return names.intern(buffer, topicAt, topicLength);
    }

    /** True when the topic decodes to {@code text}. */
    public boolean topicEquals(CharSequence text) {
        return Utf8Chars.contentEquals(buffer, topicAt, topicLength, text);
    }

    /** The properties length. */
    public int propertiesLength() {
        return buffer.getShort(propertiesLengthAt);
    }

    /** Absolute offset of the properties string. */
    public int propertiesOffset() {
        return propertiesLengthAt + PROPERTIES_LENGTH_SIZE;
    }

    /** The properties, read in place and only when asked (the same reader every call, re-pointed). */
    public PropertiesReader properties() {
        return properties.wrap(buffer, propertiesOffset(), propertiesLength());
    }

    /** The consume-queue tags code: {@code String.hashCode()} of TAGS, 0 without tags. */
    public long tagsCode() {
        return TagsCode.of(properties());
    }
}
