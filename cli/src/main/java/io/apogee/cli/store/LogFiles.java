package io.apogee.cli.store;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The commit-log files of a store by base offset, and random access to the record at a physical offset. A file's
 * name is its base offset in 20 digits; every file has the size of the first. Names that are not offsets are
 * reported and left out. One file is mapped at a time, and unmapped when another is asked for.
 *
 * <p>Not thread-safe: one tool, one thread.
 */
final class LogFiles implements AutoCloseable {
    private static final int NAME_DIGITS = 20;

    private final StoreDirectory store;
    private final TreeMap<Long, Path> byBase = new TreeMap<>();
    private long fileSize;
    private long cachedBase = -1;
    private ReadOnlyMapping cached;

    private LogFiles(StoreDirectory store) {
        this.store = store;
    }

    /** Lists the files of {@code store}, reporting misnamed ones, gaps and odd sizes to {@code findings}. */
    static LogFiles open(StoreDirectory store, Findings findings) {
        LogFiles files = new LogFiles(store);
        for (Path file : ReadOnlyFiles.list(store.commitLog())) {
            String name = file.getFileName().toString();
            if (name.length() != NAME_DIGITS || !name.chars().allMatch(Character::isDigit)) {
                findings.add(store.name(file), -1, "not a commit-log file name (20 digits, its base offset)");
                continue;
            }
            files.byBase.put(Long.parseLong(name), file);
        }
        files.checkSizesAndNames(findings);
        return files;
    }

    private void checkSizesAndNames(Findings findings) {
        if (byBase.isEmpty()) {
            return;
        }
        fileSize = ReadOnlyFiles.size(byBase.firstEntry().getValue());
        long expectedBase = byBase.firstKey();
        for (Map.Entry<Long, Path> entry : byBase.entrySet()) {
            String name = store.name(entry.getValue());
            long size = ReadOnlyFiles.size(entry.getValue());
            if (size != fileSize) {
                findings.add(name, -1, "file of " + size + " bytes where the first has " + fileSize);
            }
            if (fileSize > 0 && entry.getKey() % fileSize != 0) {
                findings.add(name, -1, "base offset " + entry.getKey() + " is not a multiple of the file size " + fileSize);
            }
            if (entry.getKey() != expectedBase) {
                findings.add(name, -1, "expected the file of base offset " + expectedBase + " (a file is missing)");
            }
            expectedBase = entry.getKey() + fileSize;
        }
    }

    /** The files in offset order. */
    List<Path> paths() {
        return new ArrayList<>(byBase.values());
    }

    /** Base offsets in order, parallel to {@link #paths()}. */
    List<Long> bases() {
        return new ArrayList<>(byBase.keySet());
    }

    /** The offset of the first byte still held (the first file's base), or 0 without files. */
    long start() {
        return byBase.isEmpty() ? 0 : byBase.firstKey();
    }

    /** The size every file should have (the first file's). */
    long fileSize() {
        return fileSize;
    }

    /** The file holding {@code offset}, or null. */
    Path fileFor(long offset) {
        Map.Entry<Long, Path> entry = byBase.floorEntry(offset);
        return entry == null ? null : entry.getValue();
    }

    /** The base offset of the file holding {@code offset}, or -1. */
    long baseFor(long offset) {
        Long base = byBase.floorKey(offset);
        return base == null ? -1 : base;
    }

    /** Unmaps the file last asked for. */
    @Override
    public void close() {
        if (cached != null) {
            cached.close();
            cached = null;
            cachedBase = -1;
        }
    }

    /** The mapped file holding {@code offset}, valid until another file is asked for or {@link #close()}; or null. */
    ByteBuffer bufferFor(long offset) {
        long base = baseFor(offset);
        if (base < 0) {
            return null;
        }
        if (base != cachedBase) {
            close();
            cached = ReadOnlyMapping.of(byBase.get(base));
            cachedBase = base;
        }
        return cached.buffer();
    }

    /** The name of the file holding {@code offset}, relative to the store, or "commitlog". */
    String nameFor(long offset) {
        Path file = fileFor(offset);
        return file == null ? "commitlog" : store.name(file);
    }
}
