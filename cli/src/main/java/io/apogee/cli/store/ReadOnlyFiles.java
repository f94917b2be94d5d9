package io.apogee.cli.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The only way the tools open a file: read-only, so that a tool can never change the store it reads. A file is
 * mapped read-only and its channel closed at once (the mapping outlives it); the JVM unmaps it once unreachable.
 *
 * <p>Stateless; safe for any thread.
 */
final class ReadOnlyFiles {
    private ReadOnlyFiles() {
    }

    /** Maps the whole of {@code file} read-only (files of 2 GiB or more are refused by the JDK). */
    static ByteBuffer map(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                return ByteBuffer.allocate(0);
            }
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Reads a small file whole. */
    static byte[] readAll(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The size of {@code file}. */
    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The entries of {@code directory} sorted by name; empty when it does not exist. */
    static List<Path> list(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            List<Path> sorted = new ArrayList<>(entries.toList());
            sorted.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
            return sorted;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }
}
