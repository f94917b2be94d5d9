package io.apogee.client.consumer;

import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * A tag subscription checked against a stored record's TAGS property byte for byte, with the tags encoded once:
 * no characters are decoded on the delivery path. The last TAGS entry counts, as in the official client's property
 * map. Immutable and thread-safe.
 */
final class TagFilter {
    private static final byte[] TAGS_NAME = PropertyNames.TAGS.getBytes(StandardCharsets.US_ASCII);

    private final Set<String> source;
    private final byte[][] tags;

    TagFilter(Set<String> tags) {
        this.source = tags;
        this.tags = new byte[tags.size()][];
        int i = 0;
        for (String tag : tags) {
            this.tags[i++] = tag.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** True if this filter was made from {@code tags} (the same set object). */
    boolean isFor(Set<String> tags) {
        return source == tags;
    }

    /** True if the record's TAGS property is one of the tags; leaves {@code properties} rewound. */
    boolean matches(PropertiesReader properties) {
        ByteBuffer buffer = properties.buffer();
        int valueOffset = -1;
        int valueLength = 0;
        properties.rewind();
        while (properties.next()) {
            if (properties.nameLength() == TAGS_NAME.length && equalsAt(buffer, properties.nameOffset(), TAGS_NAME)) {
                valueOffset = properties.valueOffset();
                valueLength = properties.valueLength();
            }
        }
        properties.rewind();
        if (valueOffset < 0) {
            return false;
        }
        for (byte[] tag : tags) {
            if (tag.length == valueLength && equalsAt(buffer, valueOffset, tag)) {
                return true;
            }
        }
        return false;
    }

    private static boolean equalsAt(ByteBuffer buffer, int offset, byte[] expected) {
        for (int i = 0; i < expected.length; i++) {
            if (buffer.get(offset + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }
}
