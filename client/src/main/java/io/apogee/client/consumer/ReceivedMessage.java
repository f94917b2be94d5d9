package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.pull.PulledMessage;

import java.nio.ByteBuffer;

/**
 * A delivered message, read in place from the pull response's buffer: numbers and the body view cost nothing,
 * properties are parsed only when read, and a copy is made only by the methods that say so. A body the producer
 * compressed is decompressed on first read into a buffer this view reuses. One instance per consume thread,
 * re-pointed at every message: valid only during {@link MessageListener#onMessage}. Not thread-safe.
 */
public final class ReceivedMessage {
    private static final String RETRY_PREFIX = "%RETRY%";
    private static final int MAX_BODY = 64 * 1024 * 1024;

    private final BodyCodec codec;
    private PulledMessage message;
    private MessageQueue queue;
    private ByteBuffer decompressed = ByteBuffer.allocate(0);
    private boolean decompressedValid;

    ReceivedMessage(BodyCodec codec) {
        this.codec = codec;
    }

    ReceivedMessage wrap(PulledMessage current, MessageQueue from) {
        this.message = current;
        this.queue = from;
        this.decompressedValid = false;
        return this;
    }

    /**
     * The topic: the original one for a message redelivered through a retry topic. A dead letter keeps its DLQ topic,
     * as with the official client.
     */
    public String topic() {
        if (!queue.topic().startsWith(RETRY_PREFIX)) {
            return queue.topic();
        }
        String retryTopic = message.properties().value(PropertyNames.RETRY_TOPIC);
        return retryTopic != null ? retryTopic : queue.topic();
    }

    /** The queue it was pulled from. */
    public MessageQueue queue() {
        return queue;
    }

    /** Its offset in that queue. */
    public long queueOffset() {
        return message.queueOffset();
    }

    /** The id consumers see, as a new string: UNIQ_KEY if present, else the broker's offset id. */
    public String msgId() {
        return message.msgId();
    }

    /** The TAGS property, or null (a new string). */
    public String tags() {
        return message.properties().value(PropertyNames.TAGS);
    }

    /** The KEYS property, or null (a new string). */
    public String keys() {
        return message.properties().value(PropertyNames.KEYS);
    }

    /** The value of property {@code name}, or null (a new string). */
    public String property(String name) {
        return message.properties().value(name);
    }

    /** The properties, read in place (no copy); valid during the callback. */
    public PropertiesReader properties() {
        return message.properties();
    }

    /** The user flag. */
    public int flag() {
        return message.flag();
    }

    /** The producer's timestamp, ms. */
    public long bornTimestamp() {
        return message.bornTimestamp();
    }

    /** The broker's timestamp, ms. */
    public long storeTimestamp() {
        return message.storeTimestamp();
    }

    /** How often the message was delivered again. */
    public int reconsumeTimes() {
        return message.reconsumeTimes();
    }

    /** True if the producer compressed the body; {@link #body()} still gives the original bytes. */
    public boolean isCompressed() {
        return message.isCompressed();
    }

    /**
     * The body as the producer sent it, valid during the callback: a view of the pull buffer (no copy), or for a
     * compressed body a view of its decompressed bytes in a buffer this message reuses.
     *
     * @throws MessageFormatException if a compressed body is corrupt or over 64 MiB
     */
    public ByteBuffer body() {
        return message.isCompressed() ? decompressed() : message.body();
    }

    /** The body's length as the producer sent it (decompressing a compressed body). */
    public int bodyLength() {
        return message.isCompressed() ? decompressed().remaining() : message.bodyLength();
    }

    /** The body's length as stored and sent over the wire (compressed or not). */
    public int storedBodyLength() {
        return message.bodyLength();
    }

    /** A copy of the body, decompressed if it is compressed. */
    public byte[] bodyBytes() {
        ByteBuffer body = body();
        byte[] copy = new byte[body.remaining()];
        body.get(body.position(), copy);
        return copy;
    }

    private ByteBuffer decompressed() {
        if (!decompressedValid) {
            int capacity = Math.max(decompressed.capacity(), Math.min(MAX_BODY, message.bodyLength() * 4 + 256));
            while (true) {
                if (decompressed.capacity() < capacity) {
                    decompressed = ByteBuffer.allocate(capacity);
                }
                decompressed.clear();
                int length = message.decompressBody(codec, decompressed, 0, capacity);
                if (length >= 0) {
                    decompressed.limit(length).position(0);
                    break;
                }
                if (capacity >= MAX_BODY) {
                    throw new MessageFormatException(FormatError.BODY_TOO_LARGE,
                        "decompressed body over " + MAX_BODY + " bytes");
                }
                capacity = (int) Math.min(2L * capacity, MAX_BODY);
            }
            decompressedValid = true;
        }
        return decompressed;
    }

    /** The wire-level view, for every field of the stored record. */
    public PulledMessage view() {
        return message;
    }
}
