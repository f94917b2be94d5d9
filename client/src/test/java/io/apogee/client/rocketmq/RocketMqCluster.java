package io.apogee.client.rocketmq;

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
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Apache RocketMQ 5.4.0 name server and broker, started as two child JVMs from the Maven artifacts on the
 * test classpath, on free loopback ports, with ROCKETMQ_HOME, the store and the logs in a temporary directory.
 * {@link #start()} returns once the broker has registered with the name server (the route of TBW102 resolves);
 * {@link #close()} stops both processes and deletes the directory. Not thread-safe: one thread starts and stops it.
 *
 * <p>The JVM is the one running the tests unless the environment variable {@code ROCKETMQ_JAVA} names another
 * java executable (for a JDK the broker refuses to run on, e.g. {@code /usr/lib/jvm/java-17-openjdk-amd64/bin/java}).
 */
public final class RocketMqCluster implements AutoCloseable {
    /** The send timeout of test producers: a loaded test machine may stall a broker's answer for seconds. */
    public static final long SEND_TIMEOUT_MILLIS = 10_000;
    private static final long START_TIMEOUT_MILLIS = 120_000;
    private static final String[] JVM_FLAGS = {"-Xms128m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:-UsePerfData",
        "--enable-native-access=ALL-UNNAMED", "-Drocketmq.broker.diskSpaceWarningLevelRatio=0.99",
        "-Drocketmq.broker.diskSpaceCleanForciblyRatio=0.99"};

    private final Path home;
    private final List<Process> processes = new ArrayList<>();
    private int nameServerPort;
    private int brokerPort;
    private long startMillis;

    private RocketMqCluster(Path home) {
        this.home = home;
    }

    /** Starts a name server and a broker, waiting until the broker is registered. */
    public static RocketMqCluster start() throws IOException, InterruptedException {
        RocketMqCluster cluster = new RocketMqCluster(Files.createTempDirectory("rocketmq-"));
        try {
            cluster.launch();
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
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
        nameServerPort = freePort();
        brokerPort = freeBrokerPort();
        Path store = Files.createDirectories(home.resolve("store"));
        Path namesrvConf = Files.writeString(home.resolve("namesrv.conf"), "listenPort=" + nameServerPort + "\n");
        Path brokerConf = Files.writeString(home.resolve("broker.conf"), String.join("\n",
            "brokerClusterName=DefaultCluster",
            "brokerName=broker-a",
            "brokerId=0",
            "brokerIP1=127.0.0.1",
            "listenPort=" + brokerPort,
            "namesrvAddr=" + nameServer(),
            "storePathRootDir=" + store,
            "storePathCommitLog=" + store.resolve("commitlog"),
            "mappedFileSizeCommitLog=67108864",
            "autoCreateTopicEnable=true",
            "autoCreateSubscriptionGroup=true",
            "flushDiskType=ASYNC_FLUSH",
            "") + "\n");
        processes.add(launch("namesrv", "org.apache.rocketmq.namesrv.NamesrvStartup", namesrvConf));
        awaitListening(nameServerPort, processes.getFirst());
        processes.add(launch("broker", "org.apache.rocketmq.broker.BrokerStartup", brokerConf));
        awaitRegistered();
        startMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    private Process launch(String name, String mainClass, Path conf) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(List.of(JVM_FLAGS));
        command.add("-Duser.home=" + home);
        command.add("-cp");
        command.add(testClassPath());
        command.add(mainClass);
        command.add("-c");
        command.add(conf.toString());
        ProcessBuilder builder = new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(home.resolve(name + ".out").toFile());
        builder.environment().put("ROCKETMQ_HOME", home.toString());
        return builder.start();
    }

    private void awaitListening(int port, Process process) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            checkAlive(process, "name server");
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                process.waitFor(100, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("name server did not listen within " + START_TIMEOUT_MILLIS + " ms; see " + home);
    }

    private void awaitRegistered() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        try (RemotingClient client = new RemotingClient(TransportConfig.builder().threadNamePrefix("fixture-io").build(),
            RequestDispatcher.IGNORE)) {
            while (System.nanoTime() < deadline) {
                checkAlive(processes.get(1), "broker");
                RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0)
                    .version(ProtocolVersion.V5_4_0);
                header.ext().add("topic", "TBW102");
                try (RemotingResponse response = client.invokeSync(nameServer(), header, null, 1000)) {
                    if (response.code() == ResponseCode.SUCCESS) {
                        return;
                    }
                } catch (TransportException notYet) {
                    // the name server is still starting
                }
                processes.get(1).waitFor(200, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("broker did not register within " + START_TIMEOUT_MILLIS + " ms; see " + home);
    }

    private void checkAlive(Process process, String what) throws IOException {
        if (!process.isAlive()) {
            throw new IOException(what + " exited with " + process.exitValue() + ": "
                + tail(home.resolve((what.equals("broker") ? "broker" : "namesrv") + ".out")));
        }
    }

    /** Stops the broker, then the name server (SIGTERM, then SIGKILL after 15 s), and deletes the directory. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            process.destroy();
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        processes.clear();
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            // best effort: a temp directory left behind is harmless
        }
    }

    private static String javaExecutable() {
        String override = System.getenv("ROCKETMQ_JAVA");
        if (override != null && !override.isBlank()) {
            return override;
        }
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A port p with p - 2 (the broker's fast port) and p + 1 (its HA port) free too. */
    private static int freeBrokerPort() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 40_000);
            if (isFree(port) && isFree(port - 2) && isFree(port + 1)) {
                return port;
            }
        }
        throw new IOException("no free port triple for the broker");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("0.0.0.0", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }
}
