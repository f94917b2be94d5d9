package io.apogee.wire.message;

import java.nio.ByteBuffer;

/**
 * The consume-queue tags code of a message (docs/protocol.md §4.5): Java's {@code String.hashCode()} of the
 * {@code TAGS} property, sign-extended to 64 bits, and 0 when there is no tag. Computed straight from the UTF-8 bytes
 * (over UTF-16 units, as {@code String.hashCode} is), so dispatch never builds the tag {@code String}. Stateless and
 * safe for any thread.
 */
public final class TagsCode {
    /** The tags code of a message without tags. */
    public static final long NO_TAGS = 0;

    private TagsCode() {
    }

    /** The tags code of the UTF-8 tag of {@code length} bytes at {@code index}. */
    public static long of(ByteBuffer buffer, int index, int length) {
        return length == 0 ? NO_TAGS : Utf8Chars.hashCode(buffer, index, length);
    }

    /** The tags code of {@code tags} ({@link #NO_TAGS} when null or empty). */
    public static long of(CharSequence tags) {
        return tags == null || tags.isEmpty() ? NO_TAGS : Utf8Chars.hashCode(tags);
    }

    /** The tags code of the {@code TAGS} entry of a properties string ({@link #NO_TAGS} when there is none). */
    public static long of(PropertiesReader properties) {
        return properties.find(PropertyNames.TAGS) ? of(properties.buffer(), properties.valueOffset(), properties.valueLength())
            : NO_TAGS;
    }
}
