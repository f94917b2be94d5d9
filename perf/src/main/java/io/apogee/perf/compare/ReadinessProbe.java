package io.apogee.perf.compare;

import io.apogee.perf.client.ClientKind;
import io.apogee.perf.client.SendClient;
import io.apogee.perf.client.Sender;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits until a started broker serves: its port accepts connections, then a probe message to a topic of its own is
 * stored (so routes, topic creation and the store all work). Fails early, with the tail of its log, if a process
 * exits. Stateless.
 */
final class ReadinessProbe {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(180);
    private static final int CONNECT_TIMEOUT_MILLIS = 200;
    private static final long RETRY_MILLIS = 300;
    private static final int TAIL_LINES = 30;

    private ReadinessProbe() {
    }

    /** Waits until {@code port} on the loopback accepts connections. */
    static void awaitListening(int port, Process process, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (System.nanoTime() < deadline) {
            checkAlive(process, log);
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), CONNECT_TIMEOUT_MILLIS);
                return;
            } catch (IOException notYet) {
                process.waitFor(RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("nothing listened on port " + port + " within 180 s; see " + log);
    }

    /** Waits until a probe message sent through {@code nameServer} is stored. */
    static void awaitSend(String nameServer, Process process, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        try (SendClient client = ClientKind.APOGEE.openProducer(nameServer, "apogee_perf_probe")) {
            Sender sender = client.newSender("ApogeePerfProbe", 1, 0);
            List<byte[]> probe = List.of("probe".getBytes(StandardCharsets.US_ASCII));
            while (System.nanoTime() < deadline) {
                checkAlive(process, log);
                if (sender.sendSync(probe, 1)) {
                    return;
                }
                process.waitFor(RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("the broker stored no probe message within 180 s; see " + log);
    }

    /** Throws with the tail of {@code log} if {@code process} has exited. */
    static void checkAlive(Process process, Path log) throws IOException {
        if (!process.isAlive()) {
            throw new IOException("process " + process.pid() + " exited with " + process.exitValue() + "; " + log
                + " ends with:\n" + tail(log));
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
