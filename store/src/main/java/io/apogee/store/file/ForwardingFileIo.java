package io.apogee.store.file;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@link FileIo} that hands every operation to another: tests and benchmarks extend it and override only the
 * operations they count or make fail. Thread-safe as its delegate.
 */
public class ForwardingFileIo implements FileIo {
    private final FileIo delegate;

    /** Forwards to {@code delegate}. */
    protected ForwardingFileIo(FileIo delegate) {
        this.delegate = delegate;
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
    public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
        delegate.force(file, buffer, index, length);
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
