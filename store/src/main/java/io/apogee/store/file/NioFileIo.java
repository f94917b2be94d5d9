package io.apogee.store.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link FileIo} on the JDK's NIO and FFM APIs.
 *
 * <p>Stateless and safe for any thread.
 */
public final class NioFileIo implements FileIo {
    private static final String TEMP_SUFFIX = ".tmp";

    @Override
    public void createDirectories(Path directory) throws IOException {
        Files.createDirectories(directory);
    }

    @Override
    public MemorySegment map(Path file, long size, Arena arena) throws IOException {
        try (FileChannel channel = open(file)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        }
    }

    @Override
    public FileChannel openForWrite(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.WRITE);
    }

    @Override
    public void write(Path file, FileChannel channel, ByteBuffer source, long position) throws IOException {
        long at = position;
        while (source.hasRemaining()) {
            at += channel.write(source, at);
        }
    }

    @Override
    public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
        try {
            buffer.force(index, length);
        } catch (UncheckedIOException failure) {
            throw failure.getCause();
        }
    }

    @Override
    public void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
    }

    @Override
    public List<Path> list(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            List<Path> files = new ArrayList<>(entries.filter(Files::isRegularFile).toList());
            files.sort(null);
            return files;
        }
    }

    @Override
    public List<Path> subdirectories(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            List<Path> directories = new ArrayList<>(entries.filter(Files::isDirectory).toList());
            directories.sort(null);
            return directories;
        }
    }

    @Override
    public long size(Path file) throws IOException {
        return Files.size(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        return store(path).getUsableSpace();
    }

    @Override
    public long totalSpace(Path path) throws IOException {
        return store(path).getTotalSpace();
    }

    private static FileStore store(Path path) throws IOException {
        return Files.getFileStore(path);
    }

    @Override
    public void writeAtomically(Path file, ByteBuffer content) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + TEMP_SUFFIX);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer source = content.duplicate();
            while (source.hasRemaining()) {
                channel.write(source);
            }
            channel.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceDirectory(file.toAbsolutePath().getParent());
    }

    private static void forceDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    @Override
    public byte[] readAll(Path file) throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException missing) {
            return null;
        }
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }
}
