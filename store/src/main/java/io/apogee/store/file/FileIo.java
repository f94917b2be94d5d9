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
 * The raw file operations of the store, so that tests can inject failures and observe forces. Production uses
 * {@link NioFileIo}; the store always calls it through {@link FencedIo}.
 *
 * <p>Implementations must be safe for any thread.
 */
public interface FileIo {
    /** Creates {@code directory} and its parents if missing. */
    void createDirectories(Path directory) throws IOException;

    /** Maps {@code size} bytes of {@code file} read-write into {@code arena}, creating or growing the file. */
    MemorySegment map(Path file, long size, Arena arena) throws IOException;

    /** Opens {@code file}, which exists, for {@link #write}; the caller owns the channel and closes it. */
    FileChannel openForWrite(Path file) throws IOException;

    /**
     * Writes the remaining bytes of {@code source} at {@code position} of {@code channel}, opened on {@code file} by
     * {@link #openForWrite}, with the file's write call rather than through a mapping: the page cache takes them, so
     * mappings of the file see them too. Advances {@code source}'s position.
     */
    void write(Path file, FileChannel channel, ByteBuffer source, long position) throws IOException;

    /** Writes {@code length} bytes from {@code index} of {@code buffer}, mapped from {@code file}, to the device. */
    void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException;

    /** Deletes {@code file} if it exists. */
    void delete(Path file) throws IOException;

    /** The regular files in {@code directory}, sorted by name; empty if the directory does not exist. */
    List<Path> list(Path directory) throws IOException;

    /** The subdirectories of {@code directory}, sorted by name; empty if the directory does not exist. */
    List<Path> subdirectories(Path directory) throws IOException;

    /** The size of {@code file}. */
    long size(Path file) throws IOException;

    /** Bytes free for this process on the file system of {@code path}. */
    long usableSpace(Path path) throws IOException;

    /** Bytes of the file system of {@code path}. */
    long totalSpace(Path path) throws IOException;

    /** Replaces {@code file} with {@code content} atomically: a temporary file, forced, then renamed. */
    void writeAtomically(Path file, ByteBuffer content) throws IOException;

    /** The whole content of {@code file}, or null when it does not exist. */
    byte[] readAll(Path file) throws IOException;
}
