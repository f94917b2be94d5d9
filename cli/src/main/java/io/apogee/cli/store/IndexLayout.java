package io.apogee.cli.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The two message-index layouts the verifier reads: Apogee's ({@code io.apogee.store.index.IndexFile}, magic
 * "APIX" in the header, entries numbered from 1 at the start of the entry array, time deltas in milliseconds, key
 * hashes over UTF-8 bytes) and Apache RocketMQ's ({@code IndexFile}/{@code IndexHeader}: no magic, an entry count
 * that starts at 1 with entry n at position n of the array, time deltas in seconds, key hashes made non-negative).
 * Both share the 40-byte header's first four fields, 4-byte slots and 20-byte entries.
 *
 * <pre>
 *   header: beginTimestamp int64 | endTimestamp int64 | beginPhysical int64 | endPhysical int64 | 8 bytes (below)
 *           Apogee: entries int32, magic int32        RocketMQ: used slots int32, entry count + 1 int32
 *   slots:  slotCount x int32 (number of the newest entry of the slot, 0 = none)
 *   entry:  keyHash int32 | physicalOffset int64 | timeDelta int32 | previous int32
 * </pre>
 *
 * <p>Immutable; safe for any thread.
 */
enum IndexLayout {
    /** Apogee's index file. */
    APOGEE,
    /** Apache RocketMQ's index file. */
    ROCKETMQ;

    static final int BEGIN_TIMESTAMP_OFFSET = 0;
    static final int END_TIMESTAMP_OFFSET = 8;
    static final int BEGIN_PHYSICAL_OFFSET = 16;
    static final int END_PHYSICAL_OFFSET = 24;
    static final int HEADER_LENGTH = 40;
    static final int SLOT_SIZE = Integer.BYTES;
    static final int ENTRY_SIZE = 20;
    static final int ENTRY_KEY_HASH_OFFSET = 0;
    static final int ENTRY_PHYSICAL_OFFSET = 4;
    static final int ENTRY_PREVIOUS_OFFSET = 16;
    /** Both defaults (5,000,000 slots, 20,000,000 entries) have four entries per slot. */
    static final int ENTRIES_PER_SLOT = 4;
    private static final int APOGEE_COUNT_OFFSET = 32;
    private static final int APOGEE_MAGIC_OFFSET = 36;
    private static final int APOGEE_MAGIC = 0x41504958;
    private static final int ROCKETMQ_COUNT_OFFSET = 36;
    private static final int HASH_MULTIPLIER = 31;

    /** The layout of an index file from its header. */
    static IndexLayout of(ByteBuffer file) {
        return file.getInt(APOGEE_MAGIC_OFFSET) == APOGEE_MAGIC ? APOGEE : ROCKETMQ;
    }

    /** The number of the last entry written (0: none). */
    int lastEntry(ByteBuffer file) {
        return this == APOGEE ? file.getInt(APOGEE_COUNT_OFFSET) : Math.max(0, file.getInt(ROCKETMQ_COUNT_OFFSET) - 1);
    }

    /** The number of the last entry the file has room for. */
    long capacity(long fileSize, int slots) {
        long entries = (fileSize - HEADER_LENGTH - (long) slots * SLOT_SIZE) / ENTRY_SIZE;
        return this == APOGEE ? entries : entries - 1;
    }

    /** The byte position of entry {@code number}. */
    long entryPosition(int slots, int number) {
        long entries = HEADER_LENGTH + (long) slots * SLOT_SIZE;
        return entries + (long) (this == APOGEE ? number - 1 : number) * ENTRY_SIZE;
    }

    /** The slot of a key hash. */
    int slot(int keyHash, int slots) {
        return Math.floorMod(keyHash, slots);
    }

    /** The hash this layout stores for the key {@code topic#key}. */
    int hash(String topic, String key) {
        String whole = topic + "#" + key;
        if (this == ROCKETMQ) {
            int hash = Math.abs(whole.hashCode());
            return hash < 0 ? 0 : hash;
        }
        int hash = 0;
        for (byte next : whole.getBytes(StandardCharsets.UTF_8)) {
            hash = HASH_MULTIPLIER * hash + next;
        }
        return hash;
    }
}
