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
 * referenced, never copied. Each property is UTF-8 encoded once, when it is put, into a properties string this
 * message owns and reuses: the text is read in one pass (a {@code String} or {@code StringBuilder} first copied
 * to a reused {@code char[]} in bulk) and its length counted as it is written. Sizing a batch is then a sum and
 * writing the properties one bulk copy, and a warmed-up producer fills and encodes messages without garbage.
 *
 * <p>Properties are written in the order they were put. {@link #putProperty} replaces the value of an existing
 * name in place, as the map of RocketMQ's {@code Message} would. Names and values are written as they are, as
 * RocketMQ writes them: a 0x01 or 0x02 inside a text is not escaped.
 *
 * <p>Not thread-safe: one thread fills and encodes an instance. The referenced body must not change until the
 * message is encoded. A property text may change once put, but {@link #property} and {@link #appendProperties}
 * then show the new text while the encoded string keeps the old one.
 */
public final class OutboundMessage {
    private static final int INITIAL_PROPERTIES = 8;
    private static final int INITIAL_ENCODED = 256;
    private static final int INITIAL_CHARS = 64;
    private static final byte[] NO_BODY = new byte[0];

    private CharSequence topic = "";
    private int flag;
    private ByteBuffer bodyBuffer;
    private byte[] bodyArray = NO_BODY;
    private int bodyOffset;
    private int bodyLength;
    private CharSequence[] names = new CharSequence[INITIAL_PROPERTIES];
    private CharSequence[] values = new CharSequence[INITIAL_PROPERTIES];
    private int[] entryLengths = new int[INITIAL_PROPERTIES];
    private int[] nameLengths = new int[INITIAL_PROPERTIES];
    private int propertyCount;
    /** The properties string, {@link #propertiesLength} bytes, kept up to date by every put and remove. */
    private byte[] encoded = new byte[INITIAL_ENCODED];
    private int propertiesLength;
    /** Where a {@code String} or {@code StringBuilder} is copied in bulk before it is encoded. */
    private char[] chars = new char[INITIAL_CHARS];

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
        propertiesLength = 0;
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
     * entry at the end. Each text is encoded once, here.
     */
    public OutboundMessage putProperty(CharSequence name, CharSequence value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        int index = indexOf(name);
        if (index < 0) {
            append(name, value);
        } else {
            replaceValue(index, value);
        }
        return this;
    }

    private void append(CharSequence name, CharSequence value) {
        if (propertyCount == names.length) {
            int capacity = propertyCount * 2;
            names = Arrays.copyOf(names, capacity);
            values = Arrays.copyOf(values, capacity);
            entryLengths = Arrays.copyOf(entryLengths, capacity);
            nameLengths = Arrays.copyOf(nameLengths, capacity);
        }
        int entryAt = propertiesLength;
        ensureEncoded(entryAt + Utf8.MAX_BYTES_PER_CHAR * (name.length() + value.length())
            + PropertiesWriter.SEPARATORS_PER_ENTRY);
        int nameLength = encode(name, entryAt);
        int at = entryAt + nameLength;
        encoded[at++] = PropertyNames.NAME_VALUE_SEPARATOR;
        at += encode(value, at);
        encoded[at++] = PropertyNames.PROPERTY_SEPARATOR;
        int index = propertyCount++;
        names[index] = name;
        values[index] = value;
        nameLengths[index] = nameLength;
        entryLengths[index] = at - entryAt;
        propertiesLength = at;
    }

    /**
     * Encodes the new value past the end of the string and past where the tail may move, then moves the tail by
     * the change in length and copies the value into place.
     */
    private void replaceValue(int index, CharSequence value) {
        int valueAt = entryOffset(index) + nameLengths[index] + 1;
        int oldLength = entryLengths[index] - nameLengths[index] - PropertiesWriter.SEPARATORS_PER_ENTRY;
        int room = Utf8.MAX_BYTES_PER_CHAR * value.length();
        int staging = propertiesLength + room;
        ensureEncoded(staging + room);
        int newLength = encode(value, staging);
        int tailAt = valueAt + oldLength;
        int change = newLength - oldLength;
        System.arraycopy(encoded, tailAt, encoded, tailAt + change, propertiesLength - tailAt);
        System.arraycopy(encoded, staging, encoded, valueAt, newLength);
        values[index] = value;
        entryLengths[index] += change;
        propertiesLength += change;
    }

    /** Writes {@code text} as UTF-8 at {@code at} of the properties string (room made); returns its length. */
    private int encode(CharSequence text, int at) {
        if (text instanceof String string) {
            int length = string.length();
            string.getChars(0, length, charsFor(length), 0);
            return Utf8.encode(chars, 0, length, encoded, at);
        }
        if (text instanceof StringBuilder builder) {
            int length = builder.length();
            builder.getChars(0, length, charsFor(length), 0);
            return Utf8.encode(chars, 0, length, encoded, at);
        }
        return Utf8.encode(text, encoded, at);
    }

    private char[] charsFor(int length) {
        if (chars.length < length) {
            chars = new char[Math.max(length, 2 * chars.length)];
        }
        return chars;
    }

    private void ensureEncoded(int capacity) {
        if (encoded.length < capacity) {
            encoded = Arrays.copyOf(encoded, Math.max(capacity, 2 * encoded.length));
        }
    }

    private int entryOffset(int index) {
        int offset = 0;
        for (int i = 0; i < index; i++) {
            offset += entryLengths[i];
        }
        return offset;
    }

    /** Removes property {@code name} if present, keeping the order of the others. */
    public OutboundMessage removeProperty(CharSequence name) {
        int index = indexOf(name);
        if (index >= 0) {
            int entryAt = entryOffset(index);
            int entryEnd = entryAt + entryLengths[index];
            System.arraycopy(encoded, entryEnd, encoded, entryAt, propertiesLength - entryEnd);
            propertiesLength -= entryLengths[index];
            int tail = propertyCount - index - 1;
            System.arraycopy(names, index + 1, names, index, tail);
            System.arraycopy(values, index + 1, values, index, tail);
            System.arraycopy(entryLengths, index + 1, entryLengths, index, tail);
            System.arraycopy(nameLengths, index + 1, nameLengths, index, tail);
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

    /** Bytes the properties string takes in UTF-8 (counted as the properties were put). */
    public int propertiesLength() {
        return propertiesLength;
    }

    /** Writes the properties string at absolute {@code index}; returns the bytes written. */
    public int writeProperties(ByteBuffer destination, int index) {
        destination.put(index, encoded, 0, propertiesLength);
        return propertiesLength;
    }

    /**
     * Writes the properties string into {@code destination} from {@code index}; returns the bytes written
     * ({@link #propertiesLength()}).
     */
    public int writeProperties(byte[] destination, int index) {
        System.arraycopy(encoded, 0, destination, index, propertiesLength);
        return propertiesLength;
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
