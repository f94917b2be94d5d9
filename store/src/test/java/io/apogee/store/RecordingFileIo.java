package io.apogee.store;

import io.apogee.store.file.FileIo;
import io.apogee.store.file.NioFileIo;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Real file I/O that records every force and can be told to fail, for flush and fence tests. */
public final class RecordingFileIo implements FileIo {
    private final NioFileIo real = new NioFileIo();
    private final Map<Path, Long> forcedEnd = new ConcurrentHashMap<>();
    private final AtomicInteger forces = new AtomicInteger();
    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger opensForWrite = new AtomicInteger();
    private volatile String failOperation;
    private volatile long usableSpace = -1;
    private final AtomicInteger calls = new AtomicInteger();
    private volatile Runnable onForce = () -> { };
    private volatile Path failMapsUnder;
    private final Map<Path, String> mappingThreads = new ConcurrentHashMap<>();

    /** Runs {@code action} inside every force (for example to advance a manual clock: a slow disk). */
    public void onForce(Runnable action) {
        onForce = action;
    }

    /** Makes every later call of {@code operation} ("force", "map", "delete", ...) throw. */
    public void failOn(String operation) {
        failOperation = operation;
    }

    /** Makes every later map of a file under {@code directory} throw, as a refused mapping (null: none). */
    public void failMapsUnder(Path directory) {
        failMapsUnder = directory;
    }

    /** The name of the thread that last mapped each file. */
    public Map<Path, String> mappingThreads() {
        return Map.copyOf(mappingThreads);
    }

    /** Pretends the disk has only {@code bytes} free (-1: the real figure). */
    public void usableSpace(long bytes) {
        usableSpace = bytes;
    }

    /** How many forces ran. */
    public int forces() {
        return forces.get();
    }

    /** How many file writes ran (writes through a mapping are not counted). */
    public int writes() {
        return writes.get();
    }

    /** How many channels were opened for file writes. */
    public int opensForWrite() {
        return opensForWrite.get();
    }

    /** How many calls reached the disk. */
    public int calls() {
        return calls.get();
    }

    /** The end (file-relative) of the furthest force of {@code file}. */
    public long forcedEnd(Path file) {
        return forcedEnd.getOrDefault(file, 0L);
    }

    private void maybeFail(String operation) throws IOException {
        calls.incrementAndGet();
        if (operation.equals(failOperation)) {
            throw new IOException("injected failure of " + operation);
        }
    }

    @Override
    public void createDirectories(Path directory) throws IOException {
        maybeFail("createDirectories");
        real.createDirectories(directory);
    }

    @Override
    public MemorySegment map(Path file, long size, Arena arena) throws IOException {
        maybeFail("map");
        Path refused = failMapsUnder;
        if (refused != null && file.startsWith(refused)) {
            throw new IOException("Map failed", new OutOfMemoryError("injected: too many mappings"));
        }
        mappingThreads.put(file, Thread.currentThread().getName());
        return real.map(file, size, arena);
    }

    @Override
    public FileChannel openForWrite(Path file) throws IOException {
        maybeFail("openForWrite");
        opensForWrite.incrementAndGet();
        return real.openForWrite(file);
    }

    @Override
    public void write(Path file, FileChannel channel, ByteBuffer source, long position) throws IOException {
        maybeFail("write");
        real.write(file, channel, source, position);
        writes.incrementAndGet();
    }

    @Override
    public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
        maybeFail("force");
        real.force(file, buffer, index, length);
        onForce.run();
        forces.incrementAndGet();
        forcedEnd.merge(file, (long) index + length, Math::max);
    }

    @Override
    public void delete(Path file) throws IOException {
        maybeFail("delete");
        real.delete(file);
    }

    @Override
    public List<Path> list(Path directory) throws IOException {
        maybeFail("list");
        return real.list(directory);
    }

    @Override
    public List<Path> subdirectories(Path directory) throws IOException {
        maybeFail("subdirectories");
        return real.subdirectories(directory);
    }

    @Override
    public long size(Path file) throws IOException {
        maybeFail("size");
        return real.size(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        maybeFail("usableSpace");
        long fake = usableSpace;
        return fake >= 0 ? fake : real.usableSpace(path);
    }

    @Override
    public long totalSpace(Path path) throws IOException {
        maybeFail("totalSpace");
        return real.totalSpace(path);
    }

    @Override
    public void writeAtomically(Path file, ByteBuffer content) throws IOException {
        maybeFail("writeAtomically");
        real.writeAtomically(file, content);
    }

    @Override
    public byte[] readAll(Path file) throws IOException {
        maybeFail("readAll");
        return real.readAll(file);
    }
}
