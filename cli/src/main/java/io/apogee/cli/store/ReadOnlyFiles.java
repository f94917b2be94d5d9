package io.apogee.cli.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * How the tools read small files and list directories, read-only, so that a tool can never change the store it
 * reads. Large files are mapped with {@link ReadOnlyMapping}.
 *
 * <p>Stateless; safe for any thread.
 */
final class ReadOnlyFiles {
    private ReadOnlyFiles() {
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
