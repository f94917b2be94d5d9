package io.apogee.testsupport.process;

import io.apogee.launcher.Ports;
import io.apogee.launcher.RocketMqLauncher;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Apache RocketMQ 5.4.0 name server and broker ({@link RocketMqProcesses}) on free loopback ports, with
 * ROCKETMQ_HOME, the store and the logs in a temporary directory. {@link #start()} returns once the broker has
 * registered with the name server (the route of TBW102 resolves); {@link #close()} stops both processes and deletes
 * the directory. Not thread-safe: one thread starts and stops it.
 */
public final class RocketMqCluster implements AutoCloseable {
    /** The send timeout of test producers: a loaded test machine may stall a broker's answer for seconds. */
    public static final long SEND_TIMEOUT_MILLIS = 10_000;
    private static final Duration REGISTER_TIMEOUT = Duration.ofSeconds(120);

    private final Path home;
    private final Map<String, String> brokerSettings;
    private final List<Process> processes = new ArrayList<>();
    private int nameServerPort;
    private int brokerPort;
    private long startMillis;

    private RocketMqCluster(Path home, Map<String, String> brokerSettings) {
        this.home = home;
        this.brokerSettings = brokerSettings;
    }

    /** Starts a name server and a broker, waiting until the broker is registered. */
    public static RocketMqCluster start() throws IOException, InterruptedException {
        return start(Map.of());
    }

    /** Starts a name server and a broker with {@code brokerSettings} added to its broker.conf, waiting until it registered. */
    public static RocketMqCluster start(Map<String, String> brokerSettings) throws IOException, InterruptedException {
        RocketMqCluster cluster = new RocketMqCluster(Files.createTempDirectory("rocketmq-"), Map.copyOf(brokerSettings));
        try {
            cluster.launch();
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException | AssertionError e) {
            cluster.close();
            throw e;
        }
    }

    /** The name server address, "127.0.0.1:port". */
    public String nameServer() {
        return "127.0.0.1:" + nameServerPort;
    }

    /** The broker address, "127.0.0.1:port". */
    public String broker() {
        return "127.0.0.1:" + brokerPort;
    }

    /** How long the start took, name server and broker together. */
    public long startMillis() {
        return startMillis;
    }

    private void launch() throws IOException, InterruptedException {
        long begin = System.nanoTime();
        nameServerPort = Ports.free();
        brokerPort = Ports.freeRocketMqBrokerPort();
        processes.add(RocketMqProcesses.nameServer(home, nameServerPort));
        Map<String, String> settings = new HashMap<>(brokerSettings);
        settings.putIfAbsent("mappedFileSizeCommitLog", "67108864");
        processes.add(RocketMqProcesses.broker(home, brokerPort, nameServer(), settings));
        awaitRegistered();
        startMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    private void awaitRegistered() throws IOException, InterruptedException {
        try (RemotingClient client = new RemotingClient(TransportConfig.builder().threadNamePrefix("fixture-io").build(),
            RequestDispatcher.IGNORE)) {
            Await.until("the RocketMQ broker to register with its name server (see " + RocketMqLauncher.brokerLog(home) + ")",
                REGISTER_TIMEOUT, () -> routed(client));
        }
    }

    private boolean routed(RemotingClient client) throws IOException, InterruptedException {
        io.apogee.launcher.Listening.checkAlive(processes.get(1), RocketMqLauncher.brokerLog(home));
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0)
            .version(ProtocolVersion.V5_4_0);
        header.ext().add("topic", "TBW102");
        try (RemotingResponse response = client.invokeSync(nameServer(), header, null, 1000)) {
            return response.code() == ResponseCode.SUCCESS;
        } catch (TransportException notYet) {
            return false;
        }
    }

    /** The broker's store directory (commitlog/, consumequeue/, index/, config/, checkpoint). */
    public Path storeDirectory() {
        return home.resolve("store");
    }

    /** Stops the broker cleanly (SIGTERM, so that it flushes and checkpoints) and leaves its store in place. */
    public void stopBroker() {
        ChildJvm.stop(processes.get(1));
    }

    /** Stops the broker, then the name server (SIGTERM, then SIGKILL), and deletes the directory. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            ChildJvm.stop(processes.get(i));
        }
        processes.clear();
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            // best effort: a temp directory left behind is harmless
        }
    }
}
