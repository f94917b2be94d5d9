package io.apogee.perf.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a sample of every thread of a process from its {@code /proc/PID/task} directory. A thread that ends while
 * the directory is read is left out, as if it had ended just before. Stateless.
 */
public final class ProcThreads {
    private ProcThreads() {
    }

    /**
     * A sample of each thread under {@code processDir} (such as {@code /proc/4242}).
     *
     * @throws UncheckedIOException if the process is gone or its directory cannot be read
     */
    public static List<ThreadSample> read(Path processDir) {
        List<ThreadSample> samples = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(processDir.resolve("task"))) {
            for (Path task : tasks) {
                ThreadSample sample = readThread(task);
                if (sample != null) {
                    samples.add(sample);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the threads in " + processDir.resolve("task"), e);
        }
        return samples;
    }

    /** The sample of one thread, or null if it ended while being read. */
    private static ThreadSample readThread(Path task) throws IOException {
        try {
            String stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
            String status = Files.readString(task.resolve("status"), StandardCharsets.UTF_8);
            return ThreadSample.parse(stat, status);
        } catch (NoSuchFileException ended) {
            return null;
        } catch (IOException e) {
            // a thread that ends while its file is read gives ESRCH: skip it if it is gone now
            if (Files.exists(task)) {
                throw e;
            }
            return null;
        }
    }
}
