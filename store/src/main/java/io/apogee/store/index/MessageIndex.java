package io.apogee.store.index;

import io.apogee.store.file.FencedIo;
import io.apogee.wire.message.PropertyNames;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The message index for QUERY_MESSAGE (and VIEW_MESSAGE_BY_ID by unique key): for each record, an entry per key
 * of its KEYS property (space-separated) and one for its UNIQ_KEY, keyed by {@code topic#key}, in a sequence of
 * {@link IndexFile}s under {@code <root>/index/} named by a 20-digit file number. The dispatcher feeds it from the
 * key ranges the appender found, reading the key bytes in place in the mapped commit log; a full file rolls to
 * the next. A lookup returns candidate commit-log offsets (hash matches within the time range, newest first):
 * the caller checks each record's keys, so a hash collision or an entry left dangling by a recovery cut costs a
 * read, never a wrong answer.
 *
 * <p>Threads: {@link #put}, {@link #flush()} and the housekeeping calls belong to one writer (the dispatcher;
 * recovery and retention before it runs or on the housekeeping thread under the same rule); {@link #lookup} is
 * safe for any thread. The file list is a copy-on-write array behind a volatile field; a roll (writer) and a
 * deletion (housekeeper) change it under this object's monitor.
 */
public final class MessageIndex implements AutoCloseable {
    private static final int NAME_DIGITS = 20;
    private static final IndexFile[] NONE = new IndexFile[0];

    private final FencedIo io;
    private final Path directory;
    private final int slotCount;
    private final int entryCapacity;
    private volatile IndexFile[] files = NONE;
    private long nextNumber;
    private boolean dirty;
    private String lastTopic;
    private int lastTopicHash;

    /**
     * @param io            the fenced door to the disk
     * @param directory     where the index files live
     * @param slotCount     hash slots per file (RocketMQ: 5,000,000)
     * @param entryCapacity entries per file (RocketMQ: 20,000,000)
     */
    public MessageIndex(FencedIo io, Path directory, int slotCount, int entryCapacity) {
        if (slotCount < 1 || entryCapacity < 1 || IndexFile.fileSize(slotCount, entryCapacity) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bad index dimensions: " + slotCount + " slots, " + entryCapacity + " entries");
        }
        this.io = Objects.requireNonNull(io, "io");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.slotCount = slotCount;
        this.entryCapacity = entryCapacity;
    }

    /** Bytes of an index file's header: enough to tell Apogee's files from Apache RocketMQ's. */
    public static final int HEADER_LENGTH = IndexFile.HEADER_LENGTH;

    /**
     * Whether {@code header}, the first {@link #HEADER_LENGTH} bytes of a file, starts an index file of Apogee's.
     * RocketMQ's index files have no magic: their entry count stands where Apogee's magic does, and their key hashes
     * and time deltas are computed otherwise, so Apogee cannot use them.
     */
    public static boolean isApogeeIndex(ByteBuffer header) {
        return header.remaining() >= HEADER_LENGTH && header.getInt(header.position() + IndexFile.MAGIC_OFFSET) == IndexFile.MAGIC;
    }

    /** Maps the files already on disk (startup, before any writer runs). */
    public void load() {
        io.createDirectories(directory);
        List<Path> paths = io.list(directory);
        IndexFile[] loaded = new IndexFile[paths.size()];
        for (int i = 0; i < loaded.length; i++) {
            loaded[i] = IndexFile.map(io, paths.get(i), slotCount, entryCapacity);
            nextNumber = Long.parseLong(paths.get(i).getFileName().toString()) + 1;
        }
        files = loaded;
    }

    /** Just past the last record indexed (0 when empty): recovery replays only records from here. */
    public long indexedEnd() {
        IndexFile[] current = files;
        return current.length == 0 ? 0 : current[current.length - 1].endPhysical();
    }

    /**
     * Indexes a record: every space-separated key of the KEYS value ({@code keysLength} bytes at absolute
     * {@code keysOffset} of {@code record}) and the UNIQ_KEY value. Lengths of 0 mean absent; returns the number of
     * entries written. Writer only.
     */
    public int put(String topic, ByteBuffer record, int keysOffset, int keysLength, int uniqueKeyOffset,
        int uniqueKeyLength, long physicalOffset, int size, long storeTimestamp) {
        int start = topicHash(topic);
        int written = 0;
        int hash = start;
        int keyLength = 0;
        int keysEnd = keysOffset + keysLength;
        for (int i = keysOffset; i < keysEnd; i++) { // one pass: split at separators while hashing
            byte next = record.get(i);
            if (next != PropertyNames.KEY_SEPARATOR) {
                hash = IndexKey.extend(hash, next);
                keyLength++;
            } else {
                written += keyLength > 0 ? putOne(hash, physicalOffset, size, storeTimestamp) : 0;
                hash = start;
                keyLength = 0;
            }
        }
        written += keyLength > 0 ? putOne(hash, physicalOffset, size, storeTimestamp) : 0;
        if (uniqueKeyLength > 0) {
            hash = start;
            for (int i = uniqueKeyOffset; i < uniqueKeyOffset + uniqueKeyLength; i++) {
                hash = IndexKey.extend(hash, record.get(i));
            }
            written += putOne(hash, physicalOffset, size, storeTimestamp);
        }
        return written;
    }

    /** The hash every key of {@code topic} starts from, remembered for the last topic (records come in runs). */
    private int topicHash(String topic) {
        if (topic != lastTopic) {
            lastTopicHash = IndexKey.topicHash(topic);
            lastTopic = topic;
        }
        return lastTopicHash;
    }

    private int putOne(int keyHash, long physicalOffset, int size, long storeTimestamp) {
        IndexFile[] current = files;
        IndexFile last = current.length == 0 ? null : current[current.length - 1];
        if (last == null || last.isFull() || !last.fitsTime(storeTimestamp)) {
            last = roll();
        }
        last.put(keyHash, physicalOffset, storeTimestamp, physicalOffset + size);
        dirty = true;
        return 1;
    }

    private synchronized IndexFile roll() {
        io.createDirectories(directory);
        String name = String.format(Locale.ROOT, "%0" + NAME_DIGITS + "d", nextNumber++);
        IndexFile file = IndexFile.map(io, directory.resolve(name), slotCount, entryCapacity);
        IndexFile[] current = files;
        IndexFile[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = file;
        files = grown;
        return file;
    }

    /**
     * Fills {@code found} with candidate commit-log offsets of records of {@code topic} with key {@code key} stored
     * in {@code [beginMillis, endMillis]}, newest file first; returns how many. Any thread.
     */
    public int lookup(String topic, String key, long beginMillis, long endMillis, long[] found) {
        int hash = IndexKey.hash(topic, key);
        IndexFile[] current = files;
        int count = 0;
        for (int i = current.length - 1; i >= 0 && count < found.length; i--) {
            IndexFile file = current[i];
            if (!file.segment().retain()) {
                continue;
            }
            try {
                if (file.entryCount() > 0 && file.endTimestamp() >= beginMillis && file.beginTimestamp() <= endMillis) {
                    count = file.lookup(hash, beginMillis, endMillis, found, count);
                }
            } finally {
                file.segment().release();
            }
        }
        return count;
    }

    /** Forces what was written since the last flush. Writer only. */
    public void flush() {
        if (dirty) {
            IndexFile[] current = files;
            current[current.length - 1].force();
            IndexFile previous = current.length > 1 ? current[current.length - 2] : null;
            // a roll may have left the previous file's tail unforced; retention (another thread) may delete it meanwhile
            if (previous != null && previous.segment().retain()) {
                try {
                    previous.force();
                } finally {
                    previous.segment().release();
                }
            }
            dirty = false;
        }
    }

    /** Deletes whole files whose records all lie below commit-log offset {@code logMinOffset}; returns how many. */
    public synchronized int deleteBelow(long logMinOffset) {
        IndexFile[] current = files;
        int drop = 0;
        while (drop < current.length - 1 && current[drop].endPhysical() <= logMinOffset) {
            drop++;
        }
        if (drop > 0) {
            files = Arrays.copyOfRange(current, drop, current.length);
            for (int i = 0; i < drop; i++) {
                current[i].segment().destroy();
            }
        }
        return drop;
    }

    /** How many files the index holds. */
    public int fileCount() {
        return files.length;
    }

    /** Unmaps the files. */
    @Override
    public void close() {
        IndexFile[] current = files;
        files = NONE;
        for (IndexFile file : current) {
            file.segment().close();
        }
    }
}
