package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.pull.PulledMessage;

import java.nio.ByteBuffer;

/**
 * A delivered message, read in place from the pull response's buffer: numbers and the body view cost nothing,
 * properties are parsed only when read, and a copy is made only by the methods that say so. One instance per
 * consume thread, re-pointed at every message: valid only during {@link MessageListener#onMessage}. Not
 * thread-safe.
 */
public final class ReceivedMessage {
    private static final int MAX_BODY = 64 * 1024 * 1024;

    private final BodyCodec codec;
    private PulledMessage message;
    private MessageQueue queue;

    ReceivedMessage(BodyCodec codec) {
        this.codec = codec;
    }

    ReceivedMessage wrap(PulledMessage current, MessageQueue from) {
        this.message = current;
        this.queue = from;
        return this;
    }

    /** The topic: the original one for a message redelivered through the group's retry topic. */
    public String topic() {
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

    /** True if the body is compressed ({@link #body()} then holds the compressed bytes). */
    public boolean isCompressed() {
        return message.isCompressed();
    }

    /** The body as stored: a view of the pull buffer (no copy), valid during the callback. */
    public ByteBuffer body() {
        return message.body();
    }

    /** The body's stored length. */
    public int bodyLength() {
        return message.bodyLength();
    }

    /** A copy of the body, decompressed if it is compressed. */
    public byte[] bodyBytes() {
        return message.decompressBody(codec, MAX_BODY);
    }

    /** The wire-level view, for every field of the stored record. */
    public PulledMessage view() {
        return message;
    }
}
