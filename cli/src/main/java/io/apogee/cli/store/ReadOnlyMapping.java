package io.apogee.cli.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One file mapped read-only into its own confined {@link Arena}, so that {@link #close()} unmaps it at once: a walk
 * over many GiB holds one file's pages at a time instead of every mapping until a garbage collection. The channel
 * is opened for reading only and closed as soon as the file is mapped.
 *
 * <p>Not thread-safe: confined to the thread that mapped it; its buffer must not be used after {@link #close()}.
 */
final class ReadOnlyMapping implements AutoCloseable {
    private final Arena arena;
    private final ByteBuffer buffer;

    private ReadOnlyMapping(Arena arena, ByteBuffer buffer) {
        this.arena = arena;
        this.buffer = buffer;
    }

    /** Maps the whole of {@code file} read-only. */
    static ReadOnlyMapping of(Path file) {
        Arena arena = Arena.ofConfined();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer buffer = size == 0 ? ByteBuffer.allocate(0)
                : channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena).asByteBuffer();
            return new ReadOnlyMapping(arena, buffer);
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** The file's bytes, read-only, from position 0. */
    ByteBuffer buffer() {
        return buffer;
    }

    /** Unmaps the file. */
    @Override
    public void close() {
        arena.close();
    }
}
