package io.apogee.wire.message.pull;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.ByteRangeView;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.compress.BodyCompressor;
import io.apogee.wire.message.compress.CompressionType;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;

/**
 * One message of a PULL body, read in place: every field of the stored record ({@link StoredRecord}), the body as a
 * view of the received buffer (never copied; decompressed only when asked), the properties parsed only when read,
 * and the message id consumers see (UNIQ_KEY if present, else the offset id) made only when asked. Reading
 * numbers and the body view allocates nothing.
 * Not thread-safe, and valid only until its decoder moves to the next record.
 *
 * <p>Not thread-safe, and valid only until the decoder moves on: {@link PullBodyDecoder#next()} re-points this
 * same object at the next record.
 */
public final class PulledMessage extends StoredRecord {
    private final ByteRangeView bodyView = new ByteRangeView();
    private final InternTable topics;

    PulledMessage(InternTable topics) {
        this.topics = topics;
    }

    /** The topic: canonical through the decoder's intern table when it has one, else a new {@code String}. */
    @Override
    public String topic() {
        return topics == null ? super.topic() : topic(topics);
    }

    /**
     * The body as it was stored (compressed when {@link #isCompressed()}): a view of the received buffer whose
     * position and limit frame the body. The same view object is returned for every message; it is valid until
     * the next call. Use {@link #bodySlice()} for an independent buffer.
     */
    public ByteBuffer body() {
        return bodyView.of(buffer(), bodyOffset(), bodyLength());
    }

    /** True when the body is compressed. */
    public boolean isCompressed() {
        return MessageSysFlag.isCompressed(sysFlag());
    }

    /**
     * True for an inner-batch record (INNER_BATCH and NEED_UNWRAP): its body is a SEND_BATCH_MESSAGE body
     * (docs/protocol.md §4.3) that RocketMQ's 5.x client expands into messages; read it with
     * {@code batch.BatchBodyReader} over {@link #bodyOffset()} and {@link #bodyLength()}.
     */
    public boolean isInnerBatch() {
        return MessageSysFlag.isInnerBatch(sysFlag());
    }

    /** The compression type of a compressed body, or null when the sysflag names an undefined one. */
    public CompressionType compressionType() {
        return CompressionType.fromSysFlag(sysFlag());
    }

    /**
     * Writes the body, decompressed if it is compressed, into at most {@code capacity} bytes at absolute
     * {@code offset} of {@code destination}.
     *
     * @return the body's length, or {@link BodyCompressor#DOES_NOT_FIT}
     * @throws MessageFormatException for an unknown compression type or a corrupt compressed body
     */
    public int decompressBody(BodyCodec codec, ByteBuffer destination, int offset, int capacity) {
        if (!isCompressed()) {
            if (bodyLength() > capacity) {
                return BodyCompressor.DOES_NOT_FIT;
            }
            destination.put(offset, buffer(), bodyOffset(), bodyLength());
            return bodyLength();
        }
        return codec.forSysFlag(sysFlag()).decompress(buffer(), bodyOffset(), bodyLength(), destination, offset, capacity);
    }

    /**
     * The body, decompressed if it is compressed, as a new array of at most {@code maxLength} bytes.
     *
     * @throws MessageFormatException for an unknown type, a corrupt body, or one above {@code maxLength}
     */
    public byte[] decompressBody(BodyCodec codec, int maxLength) {
        if (!isCompressed()) {
            byte[] body = new byte[bodyLength()];
            buffer().get(bodyOffset(), body);
            return body;
        }
        CompressionType type = compressionType();
        if (type == null) {
            throw new MessageFormatException(FormatError.UNKNOWN_COMPRESSION, "type " + MessageSysFlag.compressionType(sysFlag()));
        }
        return codec.decompress(type, buffer(), bodyOffset(), bodyLength(), maxLength);
    }

    /** Appends the id consumers see: UNIQ_KEY if present, else the offset message id. */
    public void appendMsgId(Appendable out) {
        PropertiesReader properties = properties();
        if (properties.find(PropertyNames.UNIQ_KEY)) {
            properties.appendValue(out);
        } else {
            OffsetMessageId.append(this, out);
        }
    }

    /** The id consumers see, as a new {@code String}: UNIQ_KEY if present, else the offset message id. */
    public String msgId() {
        StringBuilder id = new StringBuilder(OffsetMessageId.IPV6_ID_LENGTH);
        appendMsgId(id);
        return id.toString();
    }

    /** The offset message id (store host and physical offset), as a new {@code String}. */
    public String offsetMsgId() {
        return OffsetMessageId.of(this);
    }
}
