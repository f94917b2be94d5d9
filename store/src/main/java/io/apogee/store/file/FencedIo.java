package io.apogee.store.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The one door to the disk: every file operation of the store goes through here. The first {@link IOException}
 * trips the {@link DiskFence}, and from then on every operation fails fast with {@link StoreIoException} without
 * touching the disk, so that nothing is written after a write may have been lost (Kafka's
 * {@code LogDirFailureChannel} idea).
 *
 * <p>Thread-safe: any thread may call it; the fence decides for all.
 */
public final class FencedIo {
    private final FileIo delegate;
    private final DiskFence fence;

    /** Routes every operation to {@code delegate}, fencing on its first failure. */
    public FencedIo(FileIo delegate, DiskFence fence) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.fence = Objects.requireNonNull(fence, "fence");
    }

    /** The fence this door trips. */
    public DiskFence fence() {
        return fence;
    }

    /** Whether the store is fenced. */
    public boolean isFailed() {
        return fence.isFailed();
    }

    /** Creates {@code directory} and its parents. */
    public void createDirectories(Path directory) {
        checkHealthy();
        try {
            delegate.createDirectories(directory);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("createDirectories", directory, failure);
        }
    }

    /** Maps {@code size} bytes of {@code file} into {@code arena}. */
    public MemorySegment map(Path file, long size, Arena arena) {
        checkHealthy();
        try {
            return delegate.map(file, size, arena);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("map", file, failure);
        }
    }

    /**
     * Maps {@code size} bytes of {@code file} like {@link #map}, but a failure does not fence the store: it is
     * thrown as {@link MappingRefusedException}, for files whose loss refuses only their own users (a consume
     * queue's). A store already fenced still fails with {@link StoreIoException}.
     */
    public MemorySegment mapOrRefuse(Path file, long size, Arena arena) {
        checkHealthy();
        try {
            return delegate.map(file, size, arena);
        } catch (IOException | UncheckedIOException failure) {
            throw new MappingRefusedException("map", file, failure);
        }
    }

    /** Creates {@code directory} like {@link #createDirectories}, refusing instead of fencing, as {@link #mapOrRefuse}. */
    public void createDirectoriesOrRefuse(Path directory) {
        checkHealthy();
        try {
            delegate.createDirectories(directory);
        } catch (IOException | UncheckedIOException failure) {
            throw new MappingRefusedException("createDirectories", directory, failure);
        }
    }

    /** Opens {@code file} for {@link #write}; the caller closes the channel. */
    public FileChannel openForWrite(Path file) {
        checkHealthy();
        try {
            return delegate.openForWrite(file);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("openForWrite", file, failure);
        }
    }

    /** Writes the remaining bytes of {@code source} at {@code position} of {@code channel} (see {@link FileIo#write}). */
    public void write(Path file, FileChannel channel, ByteBuffer source, long position) {
        checkHealthy();
        try {
            delegate.write(file, channel, source, position);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("write", file, failure);
        }
    }

    /** Forces {@code length} bytes at {@code index} of the mapped {@code buffer} of {@code file}. */
    public void force(Path file, MappedByteBuffer buffer, int index, int length) {
        checkHealthy();
        try {
            delegate.force(file, buffer, index, length);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("force", file, failure);
        }
    }

    /** Deletes {@code file} if present. */
    public void delete(Path file) {
        checkHealthy();
        try {
            delegate.delete(file);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("delete", file, failure);
        }
    }

    /** The regular files of {@code directory}, sorted by name. */
    public List<Path> list(Path directory) {
        checkHealthy();
        try {
            return delegate.list(directory);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("list", directory, failure);
        }
    }

    /** The subdirectories of {@code directory}, sorted by name. */
    public List<Path> subdirectories(Path directory) {
        checkHealthy();
        try {
            return delegate.subdirectories(directory);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("subdirectories", directory, failure);
        }
    }

    /** The size of {@code file}. */
    public long size(Path file) {
        checkHealthy();
        try {
            return delegate.size(file);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("size", file, failure);
        }
    }

    /** Usable bytes on the file system of {@code path}. */
    public long usableSpace(Path path) {
        checkHealthy();
        try {
            return delegate.usableSpace(path);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("usableSpace", path, failure);
        }
    }

    /** Total bytes of the file system of {@code path}. */
    public long totalSpace(Path path) {
        checkHealthy();
        try {
            return delegate.totalSpace(path);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("totalSpace", path, failure);
        }
    }

    /** Replaces {@code file} with {@code content} atomically (temporary file, force, rename). */
    public void writeAtomically(Path file, ByteBuffer content) {
        checkHealthy();
        try {
            delegate.writeAtomically(file, content);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("writeAtomically", file, failure);
        }
    }

    /** The content of {@code file}, or null if it does not exist. */
    public byte[] readAll(Path file) {
        checkHealthy();
        try {
            return delegate.readAll(file);
        } catch (IOException | UncheckedIOException failure) {
            throw fail("readAll", file, failure);
        }
    }

    /** Throws {@link StoreIoException} if the store is fenced. */
    public void checkHealthy() {
        DiskFence.Failure failure = fence.failure();
        if (failure != null) {
            throw new StoreIoException(failure);
        }
    }

    private StoreIoException fail(String operation, Path path, Exception cause) {
        return new StoreIoException(fence.trip(operation, path, cause));
    }
}
