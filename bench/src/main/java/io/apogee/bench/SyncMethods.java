package io.apogee.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which way of writing and syncing a commit log's bytes the disk does fastest: each method writes the next
 * {@code chunk} bytes of a 64 MiB file laid out beforehand, then syncs them, for {@code millis} per round. The
 * methods take turns, each round starting with the next one, so that a change in the shared disk's load falls on
 * all of them. Prints the median, the range and each round's syncs per second.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.apogee.bench.SyncMethods 32768 1000 5
 * </pre>
 *
 * <p>Single-threaded.
 */
public final class SyncMethods {
    private static final int FILE_SIZE = 64 << 20;
    private static final int LAYOUT_BLOCK = 1 << 20;

    /** A way to put {@code chunk} bytes at a position of the file and make them durable. */
    private enum Method {
        /** Written through the mapping, then {@code MappedByteBuffer.force(index, length)} (msync of the range). */
        MAPPED_WRITE_MSYNC,
        /** Written through the mapping, then {@code FileChannel.force(false)} (fdatasync). */
        MAPPED_WRITE_FDATASYNC,
        /** Written with the file's write call (pwrite), then msync of the mapping's range. */
        PWRITE_MSYNC,
        /** Written with the file's write call (pwrite), then fdatasync. */
        PWRITE_FDATASYNC
    }

    private SyncMethods() {
    }

    /** Arguments: chunk bytes, milliseconds per method and round, rounds. */
    public static void main(String[] args) throws IOException {
        int chunk = Integer.parseInt(args[0]);
        int millis = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Path dir = Path.of(System.getProperty("store.dir", System.getProperty("java.io.tmpdir")));
        Path file = Files.createTempFile(dir, "apogee-sync-methods", ".dat");
        Method[] methods = Method.values();
        List<List<Double>> rates = new ArrayList<>();
        for (int i = 0; i < methods.length; i++) {
            rates.add(new ArrayList<>());
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            layOut(channel);
            MappedByteBuffer mapping = channel.map(FileChannel.MapMode.READ_WRITE, 0, FILE_SIZE);
            ByteBuffer source = ByteBuffer.allocateDirect(chunk);
            byte[] bytes = new byte[chunk];
            int position = 0;
            for (int round = 0; round < rounds; round++) {
                for (int turn = 0; turn < methods.length; turn++) {
                    int index = (turn + round) % methods.length;
                    long syncs = 0;
                    long start = System.nanoTime();
                    long end = start + millis * 1_000_000L;
                    while (System.nanoTime() < end) {
                        position = position + chunk > FILE_SIZE ? 0 : position;
                        writeAndSync(methods[index], channel, mapping, source, bytes, position);
                        position += chunk;
                        syncs++;
                    }
                    rates.get(index).add(syncs / ((System.nanoTime() - start) / 1e9));
                }
            }
        } finally {
            Files.delete(file);
        }
        report(chunk, methods, rates, System.out);
    }

    private static void layOut(FileChannel channel) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(LAYOUT_BLOCK);
        for (long position = 0; position < FILE_SIZE; position += LAYOUT_BLOCK) {
            zeros.clear();
            channel.write(zeros, position);
        }
        channel.force(true);
    }

    private static void writeAndSync(Method method, FileChannel channel, MappedByteBuffer mapping, ByteBuffer source,
        byte[] bytes, int position) throws IOException {
        int length = bytes.length;
        switch (method) {
            case MAPPED_WRITE_MSYNC -> {
                mapping.put(position, bytes);
                mapping.force(position, length);
            }
            case MAPPED_WRITE_FDATASYNC -> {
                mapping.put(position, bytes);
                channel.force(false);
            }
            case PWRITE_MSYNC -> {
                channel.write(source.clear(), position);
                mapping.force(position, length);
            }
            default -> { // PWRITE_FDATASYNC
                channel.write(source.clear(), position);
                channel.force(false);
            }
        }
    }

    private static void report(int chunk, Method[] methods, List<List<Double>> rates, PrintStream out) {
        for (int i = 0; i < methods.length; i++) {
            List<Double> rounds = rates.get(i);
            List<Double> sorted = new ArrayList<>(rounds);
            sorted.sort(null);
            StringBuilder each = new StringBuilder();
            for (double rate : rounds) {
                each.append(String.format(Locale.ROOT, " %,.0f", rate));
            }
            out.printf(Locale.ROOT, "%d B %-23s median %,7.0f syncs/s (%,.0f to %,.0f); rounds:%s%n", chunk, methods[i],
                sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1), each);
        }
    }
}
