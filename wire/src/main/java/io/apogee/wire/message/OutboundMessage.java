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
 * to UTF-8 only when written, straight into the destination, so a warmed-up producer fills and encodes messages
 * without garbage. Each property's UTF-8 length (and whether it is plain ASCII) is measured once, when it is put,
 * so sizing a batch is a sum and an ASCII {@code String} is written with one bulk copy.
 *
 * <p>Properties are written in the order they were put. {@link #putProperty} replaces the value of an existing
 * name in place, as the map of RocketMQ's {@code Message} would.
 *
 * <p>Not thread-safe: one thread fills and encodes an instance. The referenced body must not change until the
 * message is encoded, and a property text must not change once it is put.
 */
public final class OutboundMessage {
    private static final int INITIAL_PROPERTIES = 8;
    private static final byte[] NO_BODY = new byte[0];
    private static final int ASCII_NAME = 1;
    private static final int ASCII_VALUE = 2;

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
    private byte[] asciiTexts = new byte[INITIAL_PROPERTIES];
    private int propertyCount;
    private int propertiesLength;

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
     * entry at the end.
     */
    public OutboundMessage putProperty(CharSequence name, CharSequence value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        int index = indexOf(name);
        if (index < 0) {
            if (propertyCount == names.length) {
                int capacity = propertyCount * 2;
                names = Arrays.copyOf(names, capacity);
                values = Arrays.copyOf(values, capacity);
                entryLengths = Arrays.copyOf(entryLengths, capacity);
                nameLengths = Arrays.copyOf(nameLengths, capacity);
                asciiTexts = Arrays.copyOf(asciiTexts, capacity);
            }
            index = propertyCount++;
            names[index] = name;
        } else {
            propertiesLength -= entryLengths[index];
        }
        values[index] = value;
        nameLengths[index] = Utf8.encodedLength(name);
        entryLengths[index] = nameLengths[index] + Utf8.encodedLength(value) + PropertiesWriter.SEPARATORS_PER_ENTRY;
        asciiTexts[index] = (byte) ((Utf8.isAscii(name) ? ASCII_NAME : 0) | (Utf8.isAscii(value) ? ASCII_VALUE : 0));
        propertiesLength += entryLengths[index];
        return this;
    }

    /** Removes property {@code name} if present, keeping the order of the others. */
    public OutboundMessage removeProperty(CharSequence name) {
        int index = indexOf(name);
        if (index >= 0) {
            propertiesLength -= entryLengths[index];
            int tail = propertyCount - index - 1;
            System.arraycopy(names, index + 1, names, index, tail);
            System.arraycopy(values, index + 1, values, index, tail);
            System.arraycopy(entryLengths, index + 1, entryLengths, index, tail);
            System.arraycopy(nameLengths, index + 1, nameLengths, index, tail);
            System.arraycopy(asciiTexts, index + 1, asciiTexts, index, tail);
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

    /** Bytes the properties string takes in UTF-8 (measured as the properties were put). */
    public int propertiesLength() {
        return propertiesLength;
    }

    /** Writes the properties string at absolute {@code index}; returns the bytes written. */
    public int writeProperties(ByteBuffer destination, int index) {
        Objects.checkFromIndexSize(index, propertiesLength, destination.limit());
        if (destination.hasArray()) {
            return writeProperties(destination.array(), destination.arrayOffset() + index);
        }
        int at = index;
        for (int i = 0; i < propertyCount; i++) {
            int ascii = asciiTexts[i];
            at += (ascii & ASCII_NAME) != 0 ? Utf8.encodeAscii(names[i], destination, at) : Utf8.encode(names[i], destination, at);
            destination.put(at++, PropertyNames.NAME_VALUE_SEPARATOR);
            at += (ascii & ASCII_VALUE) != 0 ? Utf8.encodeAscii(values[i], destination, at) : Utf8.encode(values[i], destination, at);
            destination.put(at++, PropertyNames.PROPERTY_SEPARATOR);
        }
        return at - index;
    }

    /**
     * Writes the properties string into {@code destination} from {@code index}; returns the bytes written
     * ({@link #propertiesLength()}). Strings reach an array as bulk copies, so a direct buffer is best filled
     * through a small array.
     */
    public int writeProperties(byte[] destination, int index) {
        return writeProperties(destination, index, null, 0);
    }

    /**
     * Like {@link #writeProperties(byte[], int)}, but a name or value that is the same {@code String} as in the
     * same place of {@code previous}, whose properties string is already at {@code previousIndex} of
     * {@code destination}, is copied from there rather than encoded again. So
     * a batch encodes the names and constant values its messages share once per send, not once per message.
     *
     * @param previous null to encode every text
     */
    public int writeProperties(byte[] destination, int index, OutboundMessage previous, int previousIndex) {
        Objects.checkFromIndexSize(index, propertiesLength, destination.length);
        int shared = previous == null ? 0 : Math.min(propertyCount, previous.propertyCount);
        int at = index;
        int from = previousIndex;
        for (int i = 0; i < propertyCount; i++) {
            int nameLength = nameLengths[i] + 1;
            int valueLength = entryLengths[i] - nameLength;
            boolean inPrevious = i < shared;
            int previousNameLength = inPrevious ? previous.nameLengths[i] + 1 : 0;
            at = writePiece(names[i], inPrevious && sameString(names[i], previous.names[i]), (asciiTexts[i] & ASCII_NAME) != 0,
                PropertyNames.NAME_VALUE_SEPARATOR, nameLength, destination, at, from);
            from += previousNameLength;
            at = writePiece(values[i], inPrevious && sameString(values[i], previous.values[i]), (asciiTexts[i] & ASCII_VALUE) != 0,
                PropertyNames.PROPERTY_SEPARATOR, valueLength, destination, at, from);
            from += inPrevious ? previous.entryLengths[i] - previousNameLength : 0;
        }
        return at - index;
    }

    /**
     * Writes a name or value and its separator ({@code length} bytes in all) at {@code at}: copied from {@code from}
     * when {@code copy}, else encoded. Returns the index after it.
     */
    private static int writePiece(CharSequence text, boolean copy, boolean ascii, byte separator, int length,
                                  byte[] destination, int at, int from) {
        if (copy) {
            System.arraycopy(destination, from, destination, at, length);
        } else if (ascii) {
            Utf8.encodeAscii(text, destination, at);
            destination[at + length - 1] = separator;
        } else {
            Utf8.encode(text, destination, at);
            destination[at + length - 1] = separator;
        }
        return at + length;
    }

    /** Strings are immutable, so the same instance has the same bytes; any other text may have changed. */
    private static boolean sameString(CharSequence text, CharSequence other) {
        return text == other && text instanceof String;
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
