package io.apogee.wire.header;

import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One text value kept as UTF-8 bytes in a reusable array: for header fields too long and too varied to intern,
 * such as a message's properties string. Decoding copies the bytes in; the array only grows, so after warm-up a
 * decode allocates nothing. Callers read the bytes in place ({@link #array()} from 0 to {@link #length()}, or
 * {@link #buffer()}) and turn them into a {@code String} only when they must ({@link #asString()}). Not
 * thread-safe: it belongs to the header that holds it and is overwritten by the next decode.
 *
 * <pre>
 *  array():  | value bytes (length()) | stale bytes ... |
 * </pre>
 */
public final class Utf8Bytes {
    private static final int INITIAL_BYTES = 256;
    private static final int NULL_LENGTH = -1;

    private byte[] bytes = new byte[INITIAL_BYTES];
    private ByteBuffer view = ByteBuffer.wrap(bytes);
    private int length = NULL_LENGTH;

    /** True when there is no value (as opposed to an empty one). */
    public boolean isNull() {
        return length == NULL_LENGTH;
    }

    /** The number of value bytes, 0 for null or empty. */
    public int length() {
        return Math.max(length, 0);
    }

    /** The backing array: the value is its first {@link #length()} bytes. Replaced when a longer value arrives. */
    public byte[] array() {
        return bytes;
    }

    /** A buffer over {@link #array()}, for absolute reads at 0 to {@link #length()}; its position means nothing. */
    public ByteBuffer buffer() {
        return view;
    }

    /** Makes the value null. */
    public Utf8Bytes setNull() {
        length = NULL_LENGTH;
        return this;
    }

    /** Copies in the {@code count} bytes at absolute {@code index} of {@code source}. */
    public Utf8Bytes copyFrom(ByteBuffer source, int index, int count) {
        ensureCapacity(count);
        source.get(index, bytes, 0, count);
        length = count;
        return this;
    }

    /** Copies in the UTF-8 form of {@code text}; null makes the value null. */
    public Utf8Bytes set(CharSequence text) {
        if (text == null) {
            return setNull();
        }
        ensureCapacity(Utf8.encodedLength(text));
        length = Utf8.encode(text, view, 0);
        return this;
    }

    /** Copies in the value of {@code other}. */
    public Utf8Bytes set(Utf8Bytes other) {
        return other.isNull() ? setNull() : copyFrom(other.view, 0, other.length);
    }

    /** The value as a new string, or null. Allocates: for the rare caller that needs a {@code String}. */
    public String asString() {
        return isNull() ? null : new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /** True if the value is exactly the UTF-8 form of {@code text}, or both are null. Allocates nothing for ASCII. */
    public boolean contentEquals(CharSequence text) {
        if (text == null || isNull()) {
            return text == null && isNull();
        }
        return Utf8.equals(view, 0, length, text);
    }

    private void ensureCapacity(int count) {
        if (count > bytes.length) {
            bytes = new byte[Math.max(count, bytes.length * 2)];
            view = ByteBuffer.wrap(bytes);
        }
    }

    @Override
    public String toString() {
        return isNull() ? "null" : asString();
    }
}
