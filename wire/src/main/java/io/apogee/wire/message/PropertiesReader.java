package io.apogee.wire.message;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.ByteSearch;
import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;

/**
 * Reads a properties string (docs/protocol.md §4.1) in place: iterate its entries, find a value by name, compare names
 * and values with a {@link CharSequence}, append them to a {@code StringBuilder}, all without allocating once warmed
 * up; a value becomes a {@code String} only when asked.
 * Not thread-safe: a flyweight owned by one thread.
 *
 * <pre>
 *   name 0x01 value 0x02 name 0x01 value 0x02 ...
 * </pre>
 *
 * <p>Parsing follows RocketMQ's {@code MessageDecoder.string2messageProperties} byte for byte: the string is
 * split on 0x02 (a missing final 0x02 is tolerated); in each segment the first 0x01 separates the name from the
 * value (later 0x01 bytes belong to the value); a segment without 0x01, with an empty name or with an empty value
 * is skipped. When a name occurs twice RocketMQ's map keeps the last value, so {@link #find} returns the last
 * occurrence. {@link #check()} reports the first irregularity for callers that want to be strict.
 *
 * <p>Not thread-safe: a flyweight owned by one thread and re-pointed with {@link #wrap}.
 */
public final class PropertiesReader {
    private static final int INITIAL_CHARS = 64;

    private ByteBuffer buffer;
    private int start;
    private int end;
    private int cursor;
    private int nameOffset;
    private int nameLength;
    private int valueOffset;
    private int valueLength;
    /** The buffer's array when it has one (the common case, searched without buffer checks), else null. */
    private byte[] array;
    private int arrayOffset;
    /** Where {@link #appendValue} decodes text before appending it in bulk; grown when needed. */
    private char[] chars = new char[INITIAL_CHARS];

    /** Points the reader at {@code length} bytes at absolute {@code offset} and rewinds it. */
    public PropertiesReader wrap(ByteBuffer buffer, int offset, int length) {
        ByteRanges.checkWithinLimit("properties", buffer, offset, length);
        this.buffer = buffer;
        this.array = buffer.hasArray() ? buffer.array() : null;
        this.arrayOffset = buffer.hasArray() ? buffer.arrayOffset() : 0;
        this.start = offset;
        this.end = offset + length;
        return rewind();
    }

    /** Goes back before the first entry. */
    public PropertiesReader rewind() {
        cursor = start;
        nameOffset = -1;
        nameLength = 0;
        valueOffset = -1;
        valueLength = 0;
        return this;
    }

    /** The wrapped buffer. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Absolute offset of the properties string. */
    public int offset() {
        return start;
    }

    /** Length of the properties string in bytes. */
    public int length() {
        return end - start;
    }

    /** Moves to the next entry RocketMQ would keep; false when there is none. */
    public boolean next() {
        while (cursor < end) {
            int segmentStart = cursor;
            int segmentEnd = indexOf(PropertyNames.PROPERTY_SEPARATOR, segmentStart, end);
            if (segmentEnd < 0) {
                segmentEnd = end;
            }
            cursor = segmentEnd + 1;
            int separator = indexOf(PropertyNames.NAME_VALUE_SEPARATOR, segmentStart, segmentEnd);
            if (separator > segmentStart && separator < segmentEnd - 1) {
                nameOffset = segmentStart;
                nameLength = separator - segmentStart;
                valueOffset = separator + 1;
                valueLength = segmentEnd - valueOffset;
                return true;
            }
        }
        return false;
    }

    /**
     * Moves to the entry named {@code name} (its last occurrence, as RocketMQ's map keeps); false when absent.
     * Iteration with {@link #next()} continues after the entry found.
     */
    public boolean find(CharSequence name) {
        rewind();
        int foundName = -1;
        int foundValue = -1;
        int foundValueLength = 0;
        int foundCursor = start;
        while (next()) {
            if (nameEquals(name)) {
                foundName = nameOffset;
                foundValue = valueOffset;
                foundValueLength = valueLength;
                foundCursor = cursor;
            }
        }
        if (foundName < 0) {
            rewind();
            return false;
        }
        nameOffset = foundName;
        nameLength = foundValue - 1 - foundName;
        valueOffset = foundValue;
        valueLength = foundValueLength;
        cursor = foundCursor;
        return true;
    }

    /** True when an entry named {@code name} exists. Moves the reader like {@link #find}. */
    public boolean contains(CharSequence name) {
        return find(name);
    }

    /** The value of the entry named {@code name} as a new {@code String}, or null when absent. */
    public String value(CharSequence name) {
        return find(name) ? value() : null;
    }

    /** The number of entries RocketMQ would keep before removing duplicate names. Rewinds the reader. */
    public int count() {
        rewind();
        int count = 0;
        while (next()) {
            count++;
        }
        rewind();
        return count;
    }

    /** Absolute offset of the current entry's name. */
    public int nameOffset() {
        return nameOffset;
    }

    /** Length of the current entry's name in bytes. */
    public int nameLength() {
        return nameLength;
    }

    /** Absolute offset of the current entry's value. */
    public int valueOffset() {
        return valueOffset;
    }

    /** Length of the current entry's value in bytes. */
    public int valueLength() {
        return valueLength;
    }

    /** True when the current entry's name decodes to {@code text}. */
    public boolean nameEquals(CharSequence text) {
        return Utf8Chars.contentEquals(buffer, nameOffset, nameLength, text);
    }

    /** True when the current entry's value decodes to {@code text}. */
    public boolean valueEquals(CharSequence text) {
        return Utf8Chars.contentEquals(buffer, valueOffset, valueLength, text);
    }

    /** The current entry's name as a new {@code String}. */
    public String name() {
        return Utf8.decode(buffer, nameOffset, nameLength);
    }

    /** The current entry's value as a new {@code String}. */
    public String value() {
        return Utf8.decode(buffer, valueOffset, valueLength);
    }

    /** Appends the current entry's name to {@code out} without making a {@code String}. */
    public void appendName(Appendable out) {
        appendText(nameOffset, nameLength, out);
    }

    /** Appends the current entry's value to {@code out} without making a {@code String}. */
    public void appendValue(Appendable out) {
        appendText(valueOffset, valueLength, out);
    }

    /**
     * A heap buffer into a {@code StringBuilder} (the common case) is decoded in one pass into a reused
     * {@code char[]} and appended in bulk; anything else a char at a time.
     */
    private void appendText(int offset, int length, Appendable out) {
        if (out instanceof StringBuilder builder && array != null) {
            if (chars.length < length) {
                chars = new char[Math.max(length, 2 * chars.length)];
            }
            int count = Utf8Chars.decode(array, arrayOffset + offset, length, chars);
            if (count >= 0) {
                builder.append(chars, 0, count);
                return;
            }
        }
        Utf8Chars.appendTo(buffer, offset, length, out);
    }

    /** The current value as a decimal {@code long}, or {@link AsciiNumbers#INVALID}. */
    public long valueAsLong() {
        return AsciiNumbers.parseLong(buffer, valueOffset, valueLength);
    }

    /** {@code String.hashCode()} of the current value (the tags code when the entry is TAGS). */
    public int valueHashCode() {
        return Utf8Chars.hashCode(buffer, valueOffset, valueLength);
    }

    /** Strictly checks the whole string; RocketMQ itself is lenient (see {@link PropertiesStatus}). */
    public PropertiesStatus check() {
        int at = start;
        while (at < end) {
            int segmentEnd = indexOf(PropertyNames.PROPERTY_SEPARATOR, at, end);
            boolean terminated = segmentEnd >= 0;
            if (!terminated) {
                segmentEnd = end;
            }
            int separator = indexOf(PropertyNames.NAME_VALUE_SEPARATOR, at, segmentEnd);
            if (separator < 0) {
                return PropertiesStatus.MISSING_NAME_VALUE_SEPARATOR;
            }
            if (separator == at) {
                return PropertiesStatus.EMPTY_NAME;
            }
            if (separator == segmentEnd - 1) {
                return PropertiesStatus.EMPTY_VALUE;
            }
            if (!terminated) {
                return PropertiesStatus.MISSING_PROPERTY_SEPARATOR;
            }
            at = segmentEnd + 1;
        }
        return PropertiesStatus.VALID;
    }

    private int indexOf(byte value, int from, int to) {
        if (array == null) {
            return ByteSearch.indexOf(buffer, value, from, to);
        }
        int found = ByteSearch.indexOf(array, value, arrayOffset + from, arrayOffset + to);
        return found < 0 ? -1 : found - arrayOffset;
    }
}
