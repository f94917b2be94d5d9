package io.apogee.broker.migration;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes message-index files in Apache RocketMQ 5.4.0's layout ({@code store/index/IndexFile}), so that RocketMQ
 * started on an exported directory finds by key the messages Apogee stored. RocketMQ's file differs from Apogee's in
 * three ways: a key hashes as {@code Math.abs((topic + "#" + key).hashCode())}, an entry's time is seconds after the
 * file's first entry, and the header ends with the count of used slots and the next entry's number.
 *
 * <pre>
 *   header (40 bytes): beginTimestamp, endTimestamp, beginPhyOffset, endPhyOffset (int64), hashSlotCount, indexCount (int32)
 *   slots: maxHashSlotNum x int32, the number of the newest entry whose key hashed there (0 = none)
 *   entries: maxIndexNum x 20 bytes, numbered from 1: keyHash int32, phyOffset int64, timeDiff int32, previous int32
 * </pre>
 *
 * <p>A file is full when its next entry's number reaches {@code maxIndexNum}; the next file is named by a later
 * millisecond ({@code yyyyMMddHHmmssSSS}, as RocketMQ names them), so that name order is write order.
 *
 * <p>The slots of the open file live in an array and the entries are written in order through one buffer: the writer
 * never maps a file. Not thread-safe: one export uses it; it owns the open file until {@link #close()}.
 */
final class RocketMqIndexWriter implements AutoCloseable {
    static final int HEADER_LENGTH = 40;
    static final int ENTRY_SIZE = 20;
    private static final DateTimeFormatter FILE_NAME = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS")
        .withZone(ZoneId.systemDefault());

    private final Path directory;
    private final int slotCount;
    private final int entryCapacity;
    private final int[] slots;
    private final ByteBuffer entries = ByteBuffer.allocate(ENTRY_SIZE * 4096);
    private final List<Path> written = new ArrayList<>();
    private long nameMillis;
    private FileChannel file;
    private long entriesFlushedTo;
    private int nextEntry;
    private int usedSlots;
    private long beginTimestamp;
    private long endTimestamp;
    private long beginPhysical;
    private long endPhysical;

    /**
     * A writer of files with RocketMQ's {@code maxHashSlotNum} and {@code maxIndexNum} (checked by
     * {@link RocketMqIndexExport}) into {@code directory}, the first named by {@code now}.
     */
    RocketMqIndexWriter(Path directory, int slotCount, int entryCapacity, Instant now) {
        this.directory = directory;
        this.slotCount = slotCount;
        this.entryCapacity = entryCapacity;
        this.slots = new int[slotCount];
        this.nameMillis = now.toEpochMilli();
    }

    /** Bytes of one file: RocketMQ maps exactly this many. */
    static long fileSize(int slotCount, int entryCapacity) {
        return HEADER_LENGTH + 4L * slotCount + (long) ENTRY_SIZE * entryCapacity;
    }

    /** RocketMQ's hash of an index key: the absolute value of Java's String hash, 0 for its one negative result. */
    static int hash(String indexKey) {
        return Math.max(Math.abs(indexKey.hashCode()), 0);
    }

    /** Indexes {@code key} of {@code topic} for the record at {@code physicalOffset}, stored at {@code storeTimestamp}. */
    void put(String topic, String key, long physicalOffset, long storeTimestamp) throws IOException {
        if (file == null || nextEntry >= entryCapacity) {
            roll();
        }
        int keyHash = hash(topic + "#" + key);
        int slot = keyHash % slotCount;
        int previous = slots[slot];
        if (nextEntry == 1) {
            beginTimestamp = storeTimestamp;
            beginPhysical = physicalOffset;
        }
        long seconds = beginTimestamp <= 0 ? 0 : (storeTimestamp - beginTimestamp) / 1000;
        int timeDiff = Math.clamp(seconds, 0, Integer.MAX_VALUE);
        if (!entries.hasRemaining()) {
            flushEntries();
        }
        entries.putInt(keyHash).putLong(physicalOffset).putInt(timeDiff).putInt(previous);
        slots[slot] = nextEntry;
        if (previous == 0) {
            usedSlots++;
        }
        nextEntry++;
        endTimestamp = storeTimestamp;
        endPhysical = physicalOffset;
    }

    /** The files written so far, in order. */
    List<Path> written() {
        return List.copyOf(written);
    }

    private void roll() throws IOException {
        finish();
        Path path = directory.resolve(FILE_NAME.format(Instant.ofEpochMilli(nameMillis++)));
        file = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        written.add(path);
        Arrays.fill(slots, 0);
        nextEntry = 1;
        usedSlots = 0;
        beginTimestamp = 0;
        endTimestamp = 0;
        beginPhysical = 0;
        endPhysical = 0;
        entriesFlushedTo = HEADER_LENGTH + 4L * slotCount + ENTRY_SIZE;
        entries.clear();
    }

    private void flushEntries() throws IOException {
        entries.flip();
        while (entries.hasRemaining()) {
            entriesFlushedTo += file.write(entries, entriesFlushedTo);
        }
        entries.clear();
    }

    /** Writes the open file's last entries, slots and header, sized as RocketMQ maps it, and forces it. */
    private void finish() throws IOException {
        if (file == null) {
            return;
        }
        flushEntries();
        ByteBuffer slotBytes = ByteBuffer.allocate(4 * 16_384);
        long position = HEADER_LENGTH;
        for (int i = 0; i < slotCount; i++) {
            if (!slotBytes.hasRemaining()) {
                position = writeFully(slotBytes.flip(), position);
                slotBytes.clear();
            }
            slotBytes.putInt(slots[i]);
        }
        writeFully(slotBytes.flip(), position);
        ByteBuffer header = ByteBuffer.allocate(HEADER_LENGTH).putLong(beginTimestamp).putLong(endTimestamp)
            .putLong(beginPhysical).putLong(endPhysical).putInt(usedSlots).putInt(nextEntry);
        writeFully(header.flip(), 0);
        long size = fileSize(slotCount, entryCapacity);
        if (file.size() < size) {
            writeFully(ByteBuffer.allocate(1), size - 1); // the rest stays a hole: RocketMQ reads it as zeros
        }
        file.force(true);
        file.close();
        file = null;
    }

    private long writeFully(ByteBuffer bytes, long position) throws IOException {
        long at = position;
        while (bytes.hasRemaining()) {
            at += file.write(bytes, at);
        }
        return at;
    }

    /** Finishes the open file. */
    @Override
    public void close() throws IOException {
        finish();
    }
}
