package io.apogee.broker.migration;

import io.apogee.store.index.MessageIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The message-index files of one broker moved out of {@code index/} for the other. Apogee's and RocketMQ's index files
 * share a name and a size but hash keys and count time differently ({@link MessageIndex#isApogeeIndex}), so neither
 * reads the other's: the files are kept beside the store, not deleted, and each broker rebuilds or starts its own.
 * Stateless.
 */
final class IndexFilesAside {
    /** Where RocketMQ's index files go when Apogee starts on its directory. */
    static final String ROCKETMQ_ASIDE = "index-rocketmq";
    /** Where Apogee's index files go when the directory is exported for RocketMQ. */
    static final String APOGEE_ASIDE = "index-apogee";

    private IndexFilesAside() {
    }

    /** The files of {@code storeRoot}'s {@code index/} written by Apogee ({@code apogee}) or by RocketMQ (not). */
    static List<Path> find(Path storeRoot, boolean apogee) {
        Path directory = storeRoot.resolve("index");
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return found;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.sorted().toList()) {
                if (Files.isRegularFile(file) && isApogeeIndex(file) == apogee) {
                    found.add(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** Moves {@code files} into {@code storeRoot/aside}, which is created when missing. */
    static void move(Path storeRoot, List<Path> files, String aside) throws IOException {
        if (files.isEmpty()) {
            return;
        }
        Path target = Files.createDirectories(storeRoot.resolve(aside));
        for (Path file : files) {
            Files.move(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static boolean isApogeeIndex(Path file) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(MessageIndex.HEADER_LENGTH);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (header.hasRemaining() && channel.read(header) > 0) {
                // a short file is not Apogee's
            }
        }
        return MessageIndex.isApogeeIndex(header.flip());
    }
}
