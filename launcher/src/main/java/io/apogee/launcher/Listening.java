package io.apogee.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits until a started server accepts connections, failing early with the tail of its output if its process exits.
 * Stateless; the calling thread waits.
 */
public final class Listening {
    private static final int CONNECT_TIMEOUT_MILLIS = 200;
    private static final long RETRY_MILLIS = 100;
    private static final int TAIL_LINES = 30;

    private Listening() {
    }

    /** Waits until the loopback {@code port} accepts connections, up to {@code timeout}. */
    public static void await(int port, Process process, Path log, Duration timeout) throws IOException, InterruptedException {
        await(InetAddress.getLoopbackAddress(), port, process, log, timeout);
    }

    /** Waits until {@code port} of {@code host} accepts connections, up to {@code timeout}. */
    public static void await(InetAddress host, int port, Process process, Path log, Duration timeout)
        throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            checkAlive(process, log);
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
                return;
            } catch (IOException notYet) {
                // waits on the process, so that an exit ends the wait at once
                process.waitFor(RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("nothing listened on port " + port + " within " + timeout.toSeconds() + " s; see " + log);
    }

    /** Throws with the tail of {@code log} if {@code process} has exited. */
    public static void checkAlive(Process process, Path log) throws IOException {
        if (!process.isAlive()) {
            throw new IOException("process " + process.pid() + " exited with " + process.exitValue() + "; " + log
                + " ends with:\n" + tail(log));
        }
    }

    /** The last lines of {@code log}, or why it cannot be read. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
