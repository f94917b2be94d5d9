package io.apogee.store.recovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Crash images of a running store: its directory copied while the store is open (what the page cache holds, as a
 * process crash leaves it), and damage done to a copy's last commit-log segment.
 */
final class CrashImages {
    private CrashImages() {
    }

    /** Copies {@code source} to {@code target} as it is now. */
    static void copy(Path source, Path target) {
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path to = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(path, to);
                }
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    /** The commit-log segment files of the store in {@code root}, oldest first. */
    static List<Path> segments(Path root) {
        try (Stream<Path> files = Files.list(root.resolve("commitlog"))) {
            return files.sorted().toList();
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    /** Cuts {@code file} to {@code length} bytes. */
    static void truncate(Path file, long length) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(length);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    /** Inverts the byte at {@code position} of {@code file}. */
    static void flip(Path file, long position) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, position);
            one.put(0, (byte) ~one.get(0));
            one.rewind();
            channel.write(one, position);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }
}
