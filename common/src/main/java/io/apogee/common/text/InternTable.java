package io.apogee.common.text;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Maps UTF-8 byte ranges to canonical {@code String}s, so that a topic or group name read from a request
 * costs a hash and a compare instead of a new {@code String}. The table is bounded: once full, a name that is
 * not in it is decoded into a fresh {@code String} and not remembered, so hostile input cannot grow memory.
 *
 * <p>Thread-safe and lock-free: any number of threads may look up and insert at once. Entries are immutable and
 * published with a compare-and-set; a lookup never blocks.
 */
public final class InternTable {
    private static final int MAX_PROBES = 16;

    private final AtomicReferenceArray<Entry> slots;
    private final int mask;
    private final int maxNameBytes;

    /**
     * @param capacity     the most names kept; rounded up to a power of two
     * @param maxNameBytes longer names are never interned (decoded fresh each time)
     */
    public InternTable(int capacity, int maxNameBytes) {
        if (capacity < 1 || capacity > 1 << 24) {
            throw new IllegalArgumentException("capacity must be 1.." + (1 << 24) + ": " + capacity);
        }
        int size = Integer.highestOneBit(capacity - 1 == 0 ? 1 : capacity - 1) << 1;
        this.slots = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        this.maxNameBytes = maxNameBytes;
    }

    /** Returns the canonical string for the {@code length} UTF-8 bytes at absolute {@code index}. */
    public String intern(ByteBuffer buffer, int index, int length) {
        if (length == 0) {
            return "";
        }
        if (length > maxNameBytes) {
            return Utf8.decode(buffer, index, length);
        }
        int hash = hash(buffer, index, length);
        int slot = hash & mask;
        for (int probe = 0; probe < MAX_PROBES; probe++) {
            Entry entry = slots.get(slot);
            if (entry == null) {
                Entry created = new Entry(hash, copy(buffer, index, length), Utf8.decode(buffer, index, length));
                if (slots.compareAndSet(slot, null, created)) {
                    return created.value;
                }
                entry = slots.get(slot); // another thread filled this slot first: it may be our name
            }
            if (entry.matches(hash, buffer, index, length)) {
                return entry.value;
            }
            slot = (slot + 1) & mask;
        }
        return Utf8.decode(buffer, index, length);
    }

    /**
     * Returns the canonical string for the {@code length} UTF-8 bytes of {@code array} from {@code index}: the same
     * table as the buffer form, read straight from the array (no per-byte buffer bounds checks).
     */
    public String intern(byte[] array, int index, int length) {
        Objects.checkFromIndexSize(index, length, array.length);
        if (length == 0) {
            return "";
        }
        if (length > maxNameBytes) {
            return new String(array, index, length, StandardCharsets.UTF_8);
        }
        int hash = hash(array, index, length);
        int slot = hash & mask;
        for (int probe = 0; probe < MAX_PROBES; probe++) {
            Entry entry = slots.get(slot);
            if (entry == null) {
                Entry created = new Entry(hash, Arrays.copyOfRange(array, index, index + length),
                    new String(array, index, length, StandardCharsets.UTF_8));
                if (slots.compareAndSet(slot, null, created)) {
                    return created.value;
                }
                entry = slots.get(slot); // another thread filled this slot first: it may be our name
            }
            if (entry.matches(hash, array, index, length)) {
                return entry.value;
            }
            slot = (slot + 1) & mask;
        }
        return new String(array, index, length, StandardCharsets.UTF_8);
    }

    private static byte[] copy(ByteBuffer buffer, int index, int length) {
        byte[] bytes = new byte[length];
        buffer.get(index, bytes, 0, length);
        return bytes;
    }

    private static int hash(ByteBuffer buffer, int index, int length) {
        int h = 0x9E3779B9;
        for (int i = 0; i < length; i++) {
            h = (h ^ buffer.get(index + i)) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    /** The same hash as the buffer form, so both forms find the same entries. */
    private static int hash(byte[] array, int index, int length) {
        int h = 0x9E3779B9;
        for (int i = index, end = index + length; i < end; i++) {
            h = (h ^ array[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    private record Entry(int hash, byte[] bytes, String value) {
        boolean matches(int otherHash, byte[] array, int index, int length) {
            return otherHash == hash && length == bytes.length && Arrays.equals(bytes, 0, length, array, index, index + length);
        }

        boolean matches(int otherHash, ByteBuffer buffer, int index, int length) {
            if (otherHash != hash || length != bytes.length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (bytes[i] != buffer.get(index + i)) {
                    return false;
                }
            }
            return true;
        }
    }
}
