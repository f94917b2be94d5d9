package io.apogee.store.index;

import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * One file of the message index: a hash table of fixed-size slots whose chains run through an append-only array of
 * fixed-size entries, like RocketMQ's index file. A key hashes to a slot; the slot holds the number of the newest
 * entry with that slot, and each entry holds the number of the previous one, so a lookup walks only its chain.
 * Entries are numbered from 1; 0 means none. The file is full when its entry array is.
 *
 * <pre>
 *   header (40 bytes)
 *   0                  8                  16                 24                 32         36         40
 *   +------------------+------------------+------------------+------------------+----------+----------+
 *   | beginTimestamp   | endTimestamp     | beginPhysical    | endPhysical      | entries  | magic    |
 *   | int64            | int64            | int64            | int64            | int32    | int32    |
 *   +------------------+------------------+------------------+------------------+----------+----------+
 *   slots: slotCount x int32 (number of the newest entry in the slot, 0 = empty)
 *   entries: entryCapacity x 20 bytes
 *   0          4                    12         16         20
 *   +----------+--------------------+----------+----------+
 *   | keyHash  | physicalOffset     | timeDelta| previous |
 *   | int32    | int64              | int32    | int32    |
 *   +----------+--------------------+----------+----------+
 *   beginTimestamp/endTimestamp: store times of the first and last record indexed (timeDelta is ms after begin)
 *   beginPhysical: commit-log offset of the first record indexed; endPhysical: just past the last one
 * </pre>
 *
 * <p>Threads: one writer (the dispatcher, or recovery before it runs); readers on any thread see an entry once
 * the header's entry count covers it (written after the entry and its slot).
 */
final class IndexFile {
    static final int BEGIN_TIMESTAMP_OFFSET = 0;
    static final int END_TIMESTAMP_OFFSET = 8;
    static final int BEGIN_PHYSICAL_OFFSET = 16;
    static final int END_PHYSICAL_OFFSET = 24;
    static final int ENTRY_COUNT_OFFSET = 32;
    static final int MAGIC_OFFSET = 36;
    static final int HEADER_LENGTH = 40;
    static final int SLOT_SIZE = Integer.BYTES;
    static final int ENTRY_KEY_HASH_OFFSET = 0;
    static final int ENTRY_PHYSICAL_OFFSET = 4;
    static final int ENTRY_TIME_DELTA_OFFSET = 12;
    static final int ENTRY_PREVIOUS_OFFSET = 16;
    static final int ENTRY_SIZE = 20;
    /** "APIX". */
    static final int MAGIC = 0x41504958;
    static final int NONE = 0;

    private final MappedSegment segment;
    private final ByteBuffer buffer;
    private final int slotCount;
    private final int entryCapacity;

    private IndexFile(MappedSegment segment, int slotCount, int entryCapacity) {
        this.segment = segment;
        this.buffer = segment.writeBuffer();
        this.slotCount = slotCount;
        this.entryCapacity = entryCapacity;
    }

    /** Bytes of a file with these dimensions. */
    static long fileSize(int slotCount, int entryCapacity) {
        return HEADER_LENGTH + (long) slotCount * SLOT_SIZE + (long) entryCapacity * ENTRY_SIZE;
    }

    /** Maps (creating when missing) the index file {@code path}. */
    static IndexFile map(FencedIo io, Path path, int slotCount, int entryCapacity) {
        MappedSegment segment = MappedSegment.map(io, path, 0, Math.toIntExact(fileSize(slotCount, entryCapacity)));
        IndexFile file = new IndexFile(segment, slotCount, entryCapacity);
        if (file.buffer.getInt(MAGIC_OFFSET) != MAGIC) {
            file.buffer.putInt(MAGIC_OFFSET, MAGIC);
        }
        return file;
    }

    MappedSegment segment() {
        return segment;
    }

    int entryCount() {
        return buffer.getInt(ENTRY_COUNT_OFFSET);
    }

    boolean isFull() {
        return entryCount() >= entryCapacity;
    }

    long beginTimestamp() {
        return buffer.getLong(BEGIN_TIMESTAMP_OFFSET);
    }

    long endTimestamp() {
        return buffer.getLong(END_TIMESTAMP_OFFSET);
    }

    long beginPhysical() {
        return buffer.getLong(BEGIN_PHYSICAL_OFFSET);
    }

    long endPhysical() {
        return buffer.getLong(END_PHYSICAL_OFFSET);
    }

    /** Whether an entry at {@code storeTimestamp} still fits the int32 time delta of this file. */
    boolean fitsTime(long storeTimestamp) {
        return entryCount() == 0 || storeTimestamp - beginTimestamp() <= Integer.MAX_VALUE;
    }

    /** Adds an entry (the file must not be full); {@code recordEnd} is just past the record. Writer only. */
    void put(int keyHash, long physicalOffset, long storeTimestamp, long recordEnd) {
        int count = entryCount();
        if (count == 0) {
            buffer.putLong(BEGIN_TIMESTAMP_OFFSET, storeTimestamp);
            buffer.putLong(BEGIN_PHYSICAL_OFFSET, physicalOffset);
        }
        int number = count + 1;
        int slotAt = slotPosition(keyHash);
        int entryAt = entryPosition(number);
        buffer.putInt(entryAt + ENTRY_KEY_HASH_OFFSET, keyHash);
        buffer.putLong(entryAt + ENTRY_PHYSICAL_OFFSET, physicalOffset);
        buffer.putInt(entryAt + ENTRY_TIME_DELTA_OFFSET, (int) Math.max(0, storeTimestamp - beginTimestamp()));
        buffer.putInt(entryAt + ENTRY_PREVIOUS_OFFSET, buffer.getInt(slotAt));
        buffer.putInt(slotAt, number);
        buffer.putLong(END_TIMESTAMP_OFFSET, Math.max(storeTimestamp, endTimestamp()));
        buffer.putLong(END_PHYSICAL_OFFSET, Math.max(recordEnd, endPhysical()));
        buffer.putInt(ENTRY_COUNT_OFFSET, number);
    }

    /**
     * Adds to {@code found} (from index {@code count}) the physical offsets of entries with {@code keyHash} whose
     * store time lies in {@code [begin, end]}, newest first, until {@code found} is full; returns the new count.
     * Any thread (reads only entries the published count covers).
     */
    int lookup(int keyHash, long begin, long end, long[] found, int count) {
        ByteBuffer view = segment.readBuffer();
        int published = view.getInt(ENTRY_COUNT_OFFSET);
        long base = view.getLong(BEGIN_TIMESTAMP_OFFSET);
        int number = view.getInt(slotPosition(keyHash));
        int added = count;
        int walked = 0;
        while (number != NONE && added < found.length && walked++ < published) {
            int entryAt = entryPosition(number);
            int previous = view.getInt(entryAt + ENTRY_PREVIOUS_OFFSET);
            if (number <= published && view.getInt(entryAt + ENTRY_KEY_HASH_OFFSET) == keyHash) {
                long time = base + view.getInt(entryAt + ENTRY_TIME_DELTA_OFFSET);
                if (time >= begin && time <= end) {
                    found[added++] = view.getLong(entryAt + ENTRY_PHYSICAL_OFFSET);
                }
            }
            number = previous < number ? previous : NONE; // chains only go back: a loop means damage
        }
        return added;
    }

    /** Forces the file. Writer only. */
    void force() {
        segment.force(0, segment.capacity());
    }

    private int slotPosition(int keyHash) {
        return HEADER_LENGTH + Math.floorMod(keyHash, slotCount) * SLOT_SIZE;
    }

    private int entryPosition(int number) {
        return HEADER_LENGTH + slotCount * SLOT_SIZE + (number - 1) * ENTRY_SIZE;
    }
}
