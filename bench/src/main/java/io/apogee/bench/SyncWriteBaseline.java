package io.apogee.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The disk's one-writer sync rate, the figure SYNC group commit is compared to: one thread appends 4 KiB and calls
 * {@code FileChannel.force(false)} (a data sync) after each write, as {@code fio --rw=write --bs=4k --fdatasync=1}
 * does, for a fixed time, into a file laid out (written and forced) beforehand as fio lays out its file, so that
 * each sync writes data rather than file-system metadata; the file is deleted afterwards.
 *
 * <p>Single-threaded.
 */
final class SyncWriteBaseline {
    private static final int BLOCK = 4096;
    private static final long FILE_LIMIT = 256L << 20;

    private SyncWriteBaseline() {
    }

    private static void layOut(FileChannel channel, ByteBuffer block) throws IOException {
        for (long position = 0; position < FILE_LIMIT; position += BLOCK) {
            block.clear();
            channel.write(block, position);
        }
        channel.force(true);
    }

    /** Runs for {@code seconds} and prints writes/s. */
    static void run(int seconds, PrintStream out) throws IOException {
        Path dir = Path.of(System.getProperty("store.dir", System.getProperty("java.io.tmpdir")));
        Path file = Files.createTempFile(dir, "apogee-sync-baseline", ".dat");
        ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
        long writes = 0;
        long start;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            layOut(channel, block);
            start = System.nanoTime();
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            long position = 0;
            while (System.nanoTime() < end) {
                block.clear();
                channel.write(block, position);
                channel.force(false);
                position = position + BLOCK == FILE_LIMIT ? 0 : position + BLOCK;
                writes++;
            }
        } finally {
            Files.delete(file);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "sync baseline (4 KiB write + FileChannel.force(false) each, one writer): "
            + "%,.0f writes/s, %.1f us per write%n", writes / elapsed, elapsed * 1e6 / writes);
    }
}
