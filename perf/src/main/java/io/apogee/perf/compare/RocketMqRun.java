package io.apogee.perf.compare;

import io.apogee.launcher.JavaCommand;
import io.apogee.launcher.Listening;
import io.apogee.launcher.Ports;
import io.apogee.launcher.RocketMqLauncher;
import io.apogee.launcher.RocketMqLauncher.Jvm;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts Apache RocketMQ 5.4.0 for a comparison: a name server JVM and a broker JVM on free loopback ports, through
 * the shared {@link io.apogee.launcher.RocketMqLauncher}, in the run's directory. The broker gets only what a
 * comparison sets alike for both brokers (flush mode, heap, TLS). Stateless.
 */
final class RocketMqRun {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private RocketMqRun() {
    }

    /** The broker.conf keys of a run beyond the launcher's own: the flush mode and the metrics exporter. */
    static Map<String, String> brokerConf(BrokerSettings settings) {
        Map<String, String> keys = new LinkedHashMap<>(settings.metricsSettings());
        keys.put("flushDiskType", settings.flushDiskType());
        return keys;
    }

    static RunningBroker start(String classPath, BrokerSettings settings, ChildProcesses children)
        throws IOException, InterruptedException {
        Path dir = Files.createDirectories(settings.dir());
        int nameServerPort = Ports.free();
        int brokerPort = Ports.freeRocketMqBrokerPort();
        String nameServer = "127.0.0.1:" + nameServerPort;
        List<String> flags = new ArrayList<>(settings.jvmFlags());
        flags.addAll(settings.rocketMqTlsFlags());
        Jvm jvm = new Jvm(JavaCommand.currentJava(), classPath, flags);
        RunningBroker running = new RunningBroker(children, settings.store());
        try {
            Process namesrv = children.start(settings.pinning().broker(RocketMqLauncher.nameServer(jvm, dir, nameServerPort,
                Map.of())));
            running.add(namesrv);
            Listening.await(nameServerPort, namesrv, RocketMqLauncher.nameServerLog(dir), START_TIMEOUT);
            Process broker = children.start(settings.pinning().broker(RocketMqLauncher.broker(jvm, dir, brokerPort,
                nameServer, brokerConf(settings))));
            running.add(broker);
            Path brokerLog = RocketMqLauncher.brokerLog(dir);
            Listening.await(brokerPort, broker, brokerLog, START_TIMEOUT);
            ReadinessProbe.awaitSend(nameServer, settings.tls(), broker, brokerLog);
            running.ready(broker, nameServer);
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }
}
