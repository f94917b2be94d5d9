package io.apogee.wire.message;

import io.apogee.common.text.Utf8;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A message on its way from a producer to the broker: topic, user flag, body and an ordered list of properties.
 * Built for reuse: the client fills one instance, encodes it ({@code batch.BatchBodyEncoder}, or
 * {@link #writeProperties} for a single send), then {@link #clear()}s it for the next message. The body is
 * referenced, never copied, and properties are {@link CharSequence}s (constants, pooled builders, ...) encoded
 * to UTF-8 only when written, so a warmed-up producer fills and encodes messages without garbage.
 * Not thread-safe: one thread fills and encodes an instance.
 *
 * <p>Properties are written in the order they were put. {@link #putProperty} replaces the value of an existing
 * name in place, as the map of RocketMQ's {@code Message} would.
 *
 * <p>Not thread-safe: one thread fills and encodes an instance. The referenced body and texts must not change
 * until the message is encoded.
 */
public final class OutboundMessage {
    private static final int INITIAL_PROPERTIES = 8;
    private static final byte[] NO_BODY = new byte[0];

    private CharSequence topic = "";
    private int flag;
    private ByteBuffer bodyBuffer;
    private byte[] bodyArray = NO_BODY;
    private int bodyOffset;
    private int bodyLength;
    private CharSequence[] names = new CharSequence[INITIAL_PROPERTIES];
    private CharSequence[] values = new CharSequence[INITIAL_PROPERTIES];
    private int propertyCount;

    /** Resets every field (no topic, flag 0, empty body, no properties), keeping the allocated capacity. */
    public OutboundMessage clear() {
        topic = "";
        flag = 0;
        bodyBuffer = null;
        bodyArray = NO_BODY;
        bodyOffset = 0;
        bodyLength = 0;
        Arrays.fill(names, 0, propertyCount, null);
        Arrays.fill(values, 0, propertyCount, null);
        propertyCount = 0;
        return this;
    }

    /** The topic. */
    public CharSequence topic() {
        return topic;
    }

    /** Sets the topic. */
    public OutboundMessage topic(CharSequence value) {
        this.topic = Objects.requireNonNull(value, "topic");
        return this;
    }

    /** The user flag (an opaque int stored as-is). */
    public int flag() {
        return flag;
    }

    /** Sets the user flag. */
    public OutboundMessage flag(int value) {
        this.flag = value;
        return this;
    }

    /** Uses {@code length} bytes of {@code array} at {@code offset} as the body (referenced, not copied). */
    public OutboundMessage body(byte[] array, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, array.length);
        this.bodyArray = array;
        this.bodyBuffer = null;
        this.bodyOffset = offset;
        this.bodyLength = length;
        return this;
    }

    /** Uses the whole of {@code array} as the body (referenced, not copied). */
    public OutboundMessage body(byte[] array) {
        return body(array, 0, array.length);
    }

    /** Uses {@code length} bytes of {@code buffer} at absolute {@code offset} as the body (referenced). */
    public OutboundMessage body(ByteBuffer buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.limit());
        this.bodyBuffer = buffer;
        this.bodyArray = null;
        this.bodyOffset = offset;
        this.bodyLength = length;
        return this;
    }

    /** Length of the body in bytes. */
    public int bodyLength() {
        return bodyLength;
    }

    /** Copies the body to absolute {@code index} of {@code destination}; returns the bytes written. */
    public int writeBody(ByteBuffer destination, int index) {
        if (bodyBuffer != null) {
            destination.put(index, bodyBuffer, bodyOffset, bodyLength);
        } else {
            destination.put(index, bodyArray, bodyOffset, bodyLength);
        }
        return bodyLength;
    }

    /**
     * Sets property {@code name} to {@code value}: replaces the value if the name is present, else appends the
     * entry at the end.
     */
    public OutboundMessage putProperty(CharSequence name, CharSequence value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        int index = indexOf(name);
        if (index >= 0) {
            values[index] = value;
            return this;
        }
        if (propertyCount == names.length) {
            names = Arrays.copyOf(names, propertyCount * 2);
            values = Arrays.copyOf(values, propertyCount * 2);
        }
        names[propertyCount] = name;
        values[propertyCount] = value;
        propertyCount++;
        return this;
    }

    /** Removes property {@code name} if present, keeping the order of the others. */
    public OutboundMessage removeProperty(CharSequence name) {
        int index = indexOf(name);
        if (index >= 0) {
            int tail = propertyCount - index - 1;
            System.arraycopy(names, index + 1, names, index, tail);
            System.arraycopy(values, index + 1, values, index, tail);
            propertyCount--;
            names[propertyCount] = null;
            values[propertyCount] = null;
        }
        return this;
    }

    /** The value of property {@code name}, or null. */
    public CharSequence property(CharSequence name) {
        int index = indexOf(name);
        return index < 0 ? null : values[index];
    }

    /** Sets the TAGS property. */
    public OutboundMessage tags(CharSequence value) {
        return putProperty(PropertyNames.TAGS, value);
    }

    /** Sets the KEYS property (several keys are separated by a space). */
    public OutboundMessage keys(CharSequence value) {
        return putProperty(PropertyNames.KEYS, value);
    }

    /** Number of properties. */
    public int propertyCount() {
        return propertyCount;
    }

    /** Name of property {@code index} (0-based, in write order). */
    public CharSequence propertyName(int index) {
        Objects.checkIndex(index, propertyCount);
        return names[index];
    }

    /** Value of property {@code index} (0-based, in write order). */
    public CharSequence propertyValue(int index) {
        Objects.checkIndex(index, propertyCount);
        return values[index];
    }

    /** Bytes the properties string takes in UTF-8. */
    public int propertiesLength() {
        int length = 0;
        for (int i = 0; i < propertyCount; i++) {
            length += PropertiesWriter.entryLength(names[i], values[i]);
        }
        return length;
    }

    /** Writes the properties string at absolute {@code index}; returns the bytes written. */
    public int writeProperties(ByteBuffer destination, int index) {
        int at = index;
        for (int i = 0; i < propertyCount; i++) {
            at += PropertiesWriter.writeEntry(names[i], values[i], destination, at);
        }
        return at - index;
    }

    /** Appends the properties string as chars (for a header that carries it as text). */
    public void appendProperties(Appendable out) {
        try {
            for (int i = 0; i < propertyCount; i++) {
                out.append(names[i]).append((char) PropertyNames.NAME_VALUE_SEPARATOR)
                    .append(values[i]).append((char) PropertyNames.PROPERTY_SEPARATOR);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Bytes the topic takes in UTF-8. */
    public int topicLength() {
        return Utf8.encodedLength(topic);
    }

    private int indexOf(CharSequence name) {
        for (int i = 0; i < propertyCount; i++) {
            if (CharSequence.compare(names[i], name) == 0) {
                return i;
            }
        }
        return -1;
    }
}
