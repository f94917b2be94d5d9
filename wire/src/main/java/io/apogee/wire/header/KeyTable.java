package io.apogee.wire.header;

import io.apogee.wire.frame.ExtFields;
import java.util.Arrays;

/**
 * Finds which field of a hand-written header an ext key names: the candidates are grouped by key length, so a
 * lookup is one array index and, usually, one or two byte comparisons. For the hot headers, which cannot afford a
 * map or a string per key.
 *
 * <p>Immutable once built, so safe for any thread.
 */
final class KeyTable {
    private static final int[] NONE = new int[0];

    private final String[] keys;
    /** For each key length: the fields whose key has that length. */
    private final int[][] fieldsByLength;

    /** A table of {@code keys}, indexed by field number. Keys are ASCII. */
    KeyTable(String... keys) {
        this.keys = keys.clone();
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
            if (ext.keyEquals(index, keys[field])) {
                return field;
            }
        }
        return -1;
    }

    /** The key of {@code field}. */
    String key(int field) {
        return keys[field];
    }

    /** The keys, by field. */
    String[] keys() {
        return keys.clone();
    }
}
