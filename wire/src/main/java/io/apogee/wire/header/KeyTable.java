package io.apogee.wire.header;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.wire.frame.ExtFields;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Finds which field of a hand-written header an ext key names: the candidates are grouped by key length, so a
 * lookup is one array index and, usually, one or two byte comparisons. For the hot headers, which cannot afford a
 * map or a string per key. It also reads their numbers and checks their required fields, throwing the
 * {@link MalformedHeaderException} that names the header and the key, so that each header keeps only its own
 * per-field switch (static dispatch: no callback on the hot path).
 *
 * <p>Immutable once built, so safe for any thread.
 */
final class KeyTable {
    private static final int[] NONE = new int[0];

    private final String[] keys;
    /** The keys in UTF-8 (ASCII), by field: compared as bytes on decode and copied as bytes on encode. */
    private final byte[][] keyBytes;
    /** For each key length: the fields whose key has that length. */
    private final int[][] fieldsByLength;

    /** A table of {@code keys}, indexed by field number. Keys are ASCII. */
    KeyTable(String... keys) {
        this.keys = keys.clone();
        this.keyBytes = new byte[keys.length][];
        for (int field = 0; field < keys.length; field++) {
            keyBytes[field] = keys[field].getBytes(StandardCharsets.UTF_8);
        }
        int longest = Arrays.stream(keys).mapToInt(String::length).max().orElse(0);
        this.fieldsByLength = new int[longest + 1][];
        Arrays.fill(fieldsByLength, NONE);
        for (int field = 0; field < keys.length; field++) {
            int[] same = fieldsByLength[keys[field].length()];
            same = Arrays.copyOf(same, same.length + 1);
            same[same.length - 1] = field;
            fieldsByLength[keys[field].length()] = same;
        }
    }

    /** The field whose key entry {@code index} of {@code ext} has, or -1. */
    int fieldOf(ExtFields ext, int index) {
        int length = ext.keyLength(index);
        if (length >= fieldsByLength.length) {
            return -1;
        }
        for (int field : fieldsByLength[length]) {
            if (ext.keyEquals(index, keyBytes[field])) {
                return field;
            }
        }
        return -1;
    }

    /**
     * Entry {@code index}'s value as an int.
     *
     * @throws MalformedHeaderException naming {@code header}'s class and {@code field}'s key if it is not one
     */
    int intValue(Object header, int field, ExtFields ext, int index) {
        long value = HeaderField.intValue(ext, index);
        if (value == AsciiNumbers.INVALID) {
            throw MalformedHeaderException.malformed(header.getClass().getSimpleName(), keys[field], "an int", ext, index);
        }
        return (int) value;
    }

    /**
     * Entry {@code index}'s value as a long.
     *
     * @throws MalformedHeaderException naming {@code header}'s class and {@code field}'s key if it is not one
     */
    long longValue(Object header, int field, ExtFields ext, int index) {
        long value = ext.valueLong(index);
        if (value == AsciiNumbers.INVALID) {
            throw MalformedHeaderException.malformed(header.getClass().getSimpleName(), keys[field], "a long", ext, index);
        }
        return value;
    }

    /**
     * Checks that every field of the bit set {@code required} is in the bit set {@code present}.
     *
     * @throws MalformedHeaderException naming {@code header}'s class and the first missing field's key otherwise
     */
    void requirePresent(Object header, int present, int required) {
        if ((present & required) != required) {
            throw MalformedHeaderException.missing(header.getClass().getSimpleName(),
                keys[Integer.numberOfTrailingZeros(~present & required)]);
        }
    }

    /** The key of {@code field}. */
    String key(int field) {
        return keys[field];
    }

    /** The UTF-8 bytes of {@code field}'s key; shared, never modify them. */
    byte[] keyBytes(int field) {
        return keyBytes[field];
    }

    /** The keys, by field. */
    String[] keys() {
        return keys.clone();
    }
}
