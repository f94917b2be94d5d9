package io.apogee.wire.message;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;

/**
 * Appends properties entries (docs/protocol.md §4.1) straight into a buffer, UTF-8 encoded in place: no intermediate
 * {@code String} and no {@code byte[]}. Size a string first with {@link #entryLength}, then write it.
 * Instances are not thread-safe (one per thread); the static methods are safe for any thread.
 *
 * <pre>
 *   name 0x01 value 0x02      (one entry; every entry, the last included, ends with 0x02)
 * </pre>
 *
 * <p>Not thread-safe: a flyweight owned by one thread and re-pointed with {@link #wrap}; the static methods are
 * safe for any thread.
 */
public final class PropertiesWriter {
    /** Bytes the two separators of one entry take. */
    public static final int SEPARATORS_PER_ENTRY = 2;

    private ByteBuffer buffer;
    private int start;
    private int position;

    /** Bytes one entry takes. */
    public static int entryLength(CharSequence name, CharSequence value) {
        return Utf8.encodedLength(name) + Utf8.encodedLength(value) + SEPARATORS_PER_ENTRY;
    }

    /** Bytes one entry with a decimal value takes. */
    public static int entryLength(CharSequence name, long value) {
        return Utf8.encodedLength(name) + AsciiNumbers.length(value) + SEPARATORS_PER_ENTRY;
    }

    /** Entries encoded once into an array, from alternating names and values (for properties every record repeats). */
    public static byte[] encodeEntries(CharSequence... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values come in pairs");
        }
        int length = 0;
        for (int i = 0; i < namesAndValues.length; i += 2) {
            length += entryLength(namesAndValues[i], namesAndValues[i + 1]);
        }
        ByteBuffer encoded = ByteBuffer.allocate(length);
        for (int i = 0, at = 0; i < namesAndValues.length; i += 2) {
            at += writeEntry(namesAndValues[i], namesAndValues[i + 1], encoded, at);
        }
        return encoded.array();
    }

    /** Writes one entry at absolute {@code index} and returns the bytes written. */
    public static int writeEntry(CharSequence name, CharSequence value, ByteBuffer buffer, int index) {
        int at = index + Utf8.encode(name, buffer, index);
        buffer.put(at++, PropertyNames.NAME_VALUE_SEPARATOR);
        at += Utf8.encode(value, buffer, at);
        buffer.put(at++, PropertyNames.PROPERTY_SEPARATOR);
        return at - index;
    }

    /** Starts appending at absolute {@code offset}. */
    public PropertiesWriter wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.start = offset;
        this.position = offset;
        return this;
    }

    /** Appends one entry. */
    public PropertiesWriter append(CharSequence name, CharSequence value) {
        position += writeEntry(name, value, buffer, position);
        return this;
    }

    /** Appends one entry with a decimal value. */
    public PropertiesWriter append(CharSequence name, long value) {
        int at = position + Utf8.encode(name, buffer, position);
        buffer.put(at++, PropertyNames.NAME_VALUE_SEPARATOR);
        at += AsciiNumbers.write(value, buffer, at);
        buffer.put(at++, PropertyNames.PROPERTY_SEPARATOR);
        position = at;
        return this;
    }

    /**
     * Appends already-encoded entries (for example the properties of a received message) as they are. If they do
     * not end with 0x02 one is added, so that entries appended later stay separate.
     */
    public PropertiesWriter appendEncoded(ByteBuffer source, int offset, int length) {
        if (length == 0) {
            return this;
        }
        buffer.put(position, source, offset, length);
        position += length;
        if (source.get(offset + length - 1) != PropertyNames.PROPERTY_SEPARATOR) {
            buffer.put(position++, PropertyNames.PROPERTY_SEPARATOR);
        }
        return this;
    }

    /** Bytes written since {@link #wrap}. */
    public int length() {
        return position - start;
    }

    /** Absolute index of the next byte to write. */
    public int position() {
        return position;
    }
}
