package io.apogee.cli.store;

import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Checks every message-index file: the header's counts and offsets within bounds, each slot naming a written entry
 * of that slot, each entry's chain going back to an entry of the same slot, and each entry pointing at an intact
 * record with a key (a KEYS word, its UNIQ_KEY or, as RocketMQ 5 adds, {@code T#} and its TAGS) that hashes to the entry's hash. The slot count is inferred from
 * the file size (four entries per slot, as both brokers' defaults) unless given.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
final class IndexCheck {
    /** RocketMQ 5 also indexes a record's tags, under the key {@code topic#T#tags}. */
    private static final String TAG_KEY_PREFIX = "T#";

    private final StoreDirectory store;
    private final Findings findings;
    private final RecordProbe probe;
    private final long logEnd;
    private final int givenSlots;

    /** @param givenSlots slots per file, or 0 to infer them from the file size */
    IndexCheck(StoreDirectory store, Findings findings, RecordProbe probe, long logEnd, int givenSlots) {
        this.store = store;
        this.findings = findings;
        this.probe = probe;
        this.logEnd = logEnd;
        this.givenSlots = givenSlots;
    }

    void check() {
        for (Path file : ReadOnlyFiles.list(store.index())) {
            checkFile(file);
        }
    }

    private void checkFile(Path path) {
        String name = store.name(path);
        long size = ReadOnlyFiles.size(path);
        int slots = givenSlots > 0 ? givenSlots : inferSlots(size);
        if (size < IndexLayout.HEADER_LENGTH || slots <= 0) {
            findings.add(name, -1, "file of " + size + " bytes fits no index dimensions (give --index-slots)");
            return;
        }
        try (ReadOnlyMapping mapping = ReadOnlyMapping.of(path)) {
            checkEntries(name, mapping.buffer(), size, slots);
        }
    }

    private void checkEntries(String name, ByteBuffer file, long size, int slots) {
        IndexLayout layout = IndexLayout.of(file);
        int last = layout.lastEntry(file);
        long capacity = layout.capacity(size, slots);
        if (capacity < 0 || last < 0 || last > capacity) {
            findings.add(name, 0, "header counts " + last + " entries where the file has room for " + capacity);
            return;
        }
        if (last > 0) {
            checkHeader(name, file);
        }
        for (int number = 1; number <= last; number++) {
            checkEntry(name, file, layout, slots, number);
        }
        for (int slot = 0; slot < slots; slot++) {
            int at = IndexLayout.HEADER_LENGTH + slot * IndexLayout.SLOT_SIZE;
            int newest = file.getInt(at);
            if (newest < 0 || newest > last) {
                findings.add(name, at, "slot " + slot + " names entry " + newest + " of " + last);
            } else if (newest > 0 && slotOf(file, layout, slots, newest) != slot) {
                findings.add(name, at, "slot " + slot + " names entry " + newest + " of another slot");
            }
        }
    }

    private static int inferSlots(long size) {
        long perSlot = IndexLayout.SLOT_SIZE + (long) IndexLayout.ENTRIES_PER_SLOT * IndexLayout.ENTRY_SIZE;
        long body = size - IndexLayout.HEADER_LENGTH;
        if (body % perSlot == 0) {
            return (int) (body / perSlot);
        }
        // RocketMQ's array holds one more entry than its count (entry 0 is never used)
        long rocketMqBody = body - IndexLayout.ENTRY_SIZE;
        return rocketMqBody % perSlot == 0 ? (int) (rocketMqBody / perSlot) : -1;
    }

    private void checkHeader(String name, ByteBuffer file) {
        long beginTime = file.getLong(IndexLayout.BEGIN_TIMESTAMP_OFFSET);
        long endTime = file.getLong(IndexLayout.END_TIMESTAMP_OFFSET);
        long beginPhysical = file.getLong(IndexLayout.BEGIN_PHYSICAL_OFFSET);
        long endPhysical = file.getLong(IndexLayout.END_PHYSICAL_OFFSET);
        if (beginTime > endTime) {
            findings.add(name, IndexLayout.BEGIN_TIMESTAMP_OFFSET, "begins at " + beginTime + " after its end " + endTime);
        }
        if (beginPhysical > endPhysical || endPhysical > logEnd) {
            findings.add(name, IndexLayout.BEGIN_PHYSICAL_OFFSET, "covers commit-log offsets " + beginPhysical + " to "
                + endPhysical + ", beyond the log's end " + logEnd + " or backwards");
        }
    }

    private void checkEntry(String name, ByteBuffer file, IndexLayout layout, int slots, int number) {
        findings.countIndexEntry();
        int at = (int) layout.entryPosition(slots, number);
        int keyHash = file.getInt(at + IndexLayout.ENTRY_KEY_HASH_OFFSET);
        int previous = file.getInt(at + IndexLayout.ENTRY_PREVIOUS_OFFSET);
        if (previous < 0 || previous >= number) {
            findings.add(name, at, "entry " + number + " chains to entry " + previous + ", not an older one");
        } else if (previous > 0 && slotOf(file, layout, slots, previous) != layout.slot(keyHash, slots)) {
            findings.add(name, at, "entry " + number + " chains to entry " + previous + " of another slot");
        }
        long physical = file.getLong(at + IndexLayout.ENTRY_PHYSICAL_OFFSET);
        if (probe.beforeStart(physical)) {
            return;
        }
        StoredRecord record = probe.at(physical);
        if (record == null) {
            findings.add(name, at, "entry " + number + " (commit-log offset " + physical + ") " + probe.failure());
        } else if (!hasKeyHashing(record, layout, keyHash)) {
            findings.add(name, at, "entry " + number + " (commit-log offset " + physical + "): no key of the record "
                + "hashes to " + keyHash);
        }
    }

    private static int slotOf(ByteBuffer file, IndexLayout layout, int slots, int number) {
        int at = (int) layout.entryPosition(slots, number);
        return layout.slot(file.getInt(at + IndexLayout.ENTRY_KEY_HASH_OFFSET), slots);
    }

    private static boolean hasKeyHashing(StoredRecord record, IndexLayout layout, int keyHash) {
        String topic = record.topic();
        PropertiesReader properties = record.properties();
        if (properties.find(PropertyNames.UNIQ_KEY) && layout.hash(topic, properties.value()) == keyHash) {
            return true;
        }
        if (properties.find(PropertyNames.TAGS) && layout.hash(topic, TAG_KEY_PREFIX + properties.value()) == keyHash) {
            return true;
        }
        if (properties.find(PropertyNames.KEYS)) {
            for (String key : properties.value().split(String.valueOf(PropertyNames.KEY_SEPARATOR))) {
                if (!key.isEmpty() && layout.hash(topic, key) == keyHash) {
                    return true;
                }
            }
        }
        return false;
    }
}
