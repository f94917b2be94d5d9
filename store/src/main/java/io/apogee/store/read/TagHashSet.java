package io.apogee.store.read;

import java.util.Arrays;

/**
 * A set of tag hash codes ({@code String.hashCode()} of each tag in a subscription), matched against the low
 * 32 bits of a consume-queue tags code as RocketMQ does ({@code codeSet.contains((int) tagsCode)}). Open
 * addressing over an {@code int[]}: no boxing, no allocation per match.
 *
 * <p>Not thread-safe while being filled; safe to share for matching once filled.
 */
public final class TagHashSet implements TagFilter {
    private static final int EMPTY = 0;
    private static final int MIN_CAPACITY = 8;

    private int[] slots = new int[MIN_CAPACITY];
    private boolean containsZero;
    private int size;

    /** Adds the hash of a tag. */
    public TagHashSet add(int hash) {
        if (hash == EMPTY) {
            if (!containsZero) {
                containsZero = true;
                size++;
            }
            return this;
        }
        if ((size + 1) * 2 > slots.length) {
            rehash(slots.length * 2);
        }
        if (insert(slots, hash)) {
            size++;
        }
        return this;
    }

    /** Adds the hash of {@code tag}, as RocketMQ computes it. */
    public TagHashSet addTag(String tag) {
        return add(tag.hashCode());
    }

    /** Removes everything. */
    public TagHashSet clear() {
        Arrays.fill(slots, EMPTY);
        containsZero = false;
        size = 0;
        return this;
    }

    /** How many hashes are held. */
    public int size() {
        return size;
    }

    @Override
    public boolean matches(long tagsCode) {
        return contains((int) tagsCode);
    }

    /** Whether {@code hash} is held. */
    public boolean contains(int hash) {
        if (hash == EMPTY) {
            return containsZero;
        }
        int mask = slots.length - 1;
        for (int index = mix(hash) & mask; ; index = (index + 1) & mask) {
            int slot = slots[index];
            if (slot == hash) {
                return true;
            }
            if (slot == EMPTY) {
                return false;
            }
        }
    }

    private static boolean insert(int[] table, int hash) {
        int mask = table.length - 1;
        for (int index = mix(hash) & mask; ; index = (index + 1) & mask) {
            if (table[index] == hash) {
                return false;
            }
            if (table[index] == EMPTY) {
                table[index] = hash;
                return true;
            }
        }
    }

    private void rehash(int capacity) {
        int[] grown = new int[capacity];
        for (int hash : slots) {
            if (hash != EMPTY) {
                insert(grown, hash);
            }
        }
        slots = grown;
    }

    private static int mix(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
