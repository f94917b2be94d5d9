package io.apogee.perf.compare;

import io.apogee.launcher.Listening;
import io.apogee.perf.client.ClientKind;
import io.apogee.perf.client.NameServers;
import io.apogee.perf.client.SendClient;
import io.apogee.perf.client.Sender;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits until a started broker serves: its port accepts connections, then a probe message to a topic of its own is
 * stored (so routes, topic creation and the store all work). Fails early, with the tail of its log, if a process
 * exits. Stateless.
 */
final class ReadinessProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final long RETRY_MILLIS = 300;

    private ReadinessProbe() {
    }

    /** Waits until {@code port} on the loopback accepts connections. */
    static void awaitListening(int port, Process process, Path log) throws IOException, InterruptedException {
        Listening.await(port, process, log, TIMEOUT);
    }

    /** Waits until a probe message sent through {@code nameServer} (over TLS when {@code tls}) is stored. */
    static void awaitSend(String nameServer, boolean tls, Process process, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        try (SendClient client = ClientKind.APOGEE.openProducer(new NameServers(nameServer, tls), "apogee_perf_probe")) {
            Sender sender = client.newSender("ApogeePerfProbe", 1, 0);
            List<byte[]> probe = List.of("probe".getBytes(StandardCharsets.US_ASCII));
            while (System.nanoTime() < deadline) {
                Listening.checkAlive(process, log);
                if (sender.sendSync(probe, 1)) {
                    return;
                }
                process.waitFor(RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("the broker stored no probe message within 180 s; see " + log);
    }
}
