package io.apogee.perf.compare;

import io.apogee.launcher.Ports;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts Apogee as a user would, {@code bin/apogee broker -c broker.conf}, with a generated config (free ports,
 * the run's store, the comparison's flush mode, TLS when the scenario asks for it) and the comparison's JVM flags
 * in {@code APOGEE_JAVA_OPTS}. The script execs the JVM, so the process started is the broker itself. Stateless.
 */
final class ApogeeLauncher {
    private ApogeeLauncher() {
    }

    static RunningBroker start(Path launcher, BrokerSettings settings, ChildProcesses children)
        throws IOException, InterruptedException {
        return start(launcher, settings, children, 0);
    }

    /** Starts Apogee with its stream protocol on {@code streamPort} (0: a free port nobody is told of). */
    static RunningBroker start(Path launcher, BrokerSettings settings, ChildProcesses children, int streamPort)
        throws IOException, InterruptedException {
        Path dir = Files.createDirectories(settings.dir());
        Path store = Files.createDirectories(settings.store());
        int nameServerPort = Ports.free();
        int brokerPort = Ports.free();
        Path conf = Files.writeString(dir.resolve("broker.conf"), conf(settings, store, brokerPort, nameServerPort,
            streamPort));
        Path log = dir.resolve("broker.out");
        ProcessBuilder builder = new ProcessBuilder(settings.pinning().broker(List.of(launcher.toString(), "broker", "-c",
            conf.toString())))
            .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("APOGEE_JAVA_OPTS", String.join(" ", settings.jvmFlags()));
        RunningBroker running = new RunningBroker(children, store);
        try {
            Process broker = children.start(builder);
            running.add(broker);
            ReadinessProbe.awaitListening(nameServerPort, broker, log);
            ReadinessProbe.awaitListening(brokerPort, broker, log);
            String nameServer = "127.0.0.1:" + nameServerPort;
            ReadinessProbe.awaitSend(nameServer, settings.tls(), broker, log);
            running.ready(broker, nameServer);
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    /**
     * The broker.conf of a run: its ports (the stream port too), loopback address, store, flush mode, the TLS mode and
     * the metrics exporter. Its streams are not forced on a timer, as RabbitMQ's are not: the stream comparison does the
     * same work on both brokers (the RocketMQ comparison sends no stream traffic).
     */
    static String conf(BrokerSettings settings, Path store, int brokerPort, int nameServerPort, int streamPort) {
        List<String> lines = new ArrayList<>(List.of(
            "listenPort=" + brokerPort,
            "namesrvListenPort=" + nameServerPort,
            "haListenPort=0",
            "streamListenPort=" + streamPort,
            "streamTlsListenPort=0",
            "streamFlushIntervalMillis=0",
            "brokerIP1=127.0.0.1",
            "storePathRootDir=" + store,
            "flushDiskType=" + settings.flushDiskType()));
        lines.addAll(settings.apogeeTlsSettings());
        settings.metricsSettings().forEach((key, value) -> lines.add(key + "=" + value));
        return String.join("\n", lines) + "\n";
    }
}
