package io.apogee.bench;

import io.apogee.store.file.FileIo;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The store's file I/O, counting the forces one thread (the flusher's) makes of one directory's files (the commit
 * log's), so that a load run can say how many records one sync covered.
 *
 * <p>Thread-safe, as the {@link FileIo} it wraps.
 */
final class CountingFileIo implements FileIo {
    private final FileIo delegate;
    private final Path counted;
    private final String thread;
    private final LongAdder forces = new LongAdder();

    /**
     * @param delegate the I/O that does the work
     * @param counted  the directory whose files' forces are counted
     * @param thread   the name of the thread whose forces are counted
     */
    CountingFileIo(FileIo delegate, Path counted, String thread) {
        this.delegate = delegate;
        this.counted = counted;
        this.thread = thread;
    }

    /** Forces of the counted directory's files so far. */
    long forces() {
        return forces.sum();
    }

    @Override
    public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
        delegate.force(file, buffer, index, length);
        if (file.startsWith(counted) && Thread.currentThread().getName().equals(thread)) {
            forces.increment();
        }
    }

    @Override
    public void createDirectories(Path directory) throws IOException {
        delegate.createDirectories(directory);
    }

    @Override
    public MemorySegment map(Path file, long size, Arena arena) throws IOException {
        return delegate.map(file, size, arena);
    }

    @Override
    public FileChannel openForWrite(Path file) throws IOException {
        return delegate.openForWrite(file);
    }

    @Override
    public void write(Path file, FileChannel channel, ByteBuffer source, long position) throws IOException {
        delegate.write(file, channel, source, position);
    }

    @Override
    public void delete(Path file) throws IOException {
        delegate.delete(file);
    }

    @Override
    public List<Path> list(Path directory) throws IOException {
        return delegate.list(directory);
    }

    @Override
    public List<Path> subdirectories(Path directory) throws IOException {
        return delegate.subdirectories(directory);
    }

    @Override
    public long size(Path file) throws IOException {
        return delegate.size(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        return delegate.usableSpace(path);
    }

    @Override
    public long totalSpace(Path path) throws IOException {
        return delegate.totalSpace(path);
    }

    @Override
    public void writeAtomically(Path file, ByteBuffer content) throws IOException {
        delegate.writeAtomically(file, content);
    }

    @Override
    public byte[] readAll(Path file) throws IOException {
        return delegate.readAll(file);
    }
}
