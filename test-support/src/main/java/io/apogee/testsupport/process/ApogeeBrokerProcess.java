package io.apogee.testsupport.process;

import io.apogee.launcher.Listening;
import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@code apogee broker -c FILE} as a child JVM ({@code BrokerMain} on this test run's class path), so that a test can
 * stop it the way an operator or a crash does: SIGTERM ({@link #terminate()}) or SIGKILL ({@link #kill()}), then
 * start it again on the same address and store ({@link #start(Path, int, Map)} with the same arguments). Its output
 * goes to a file in the data directory. Not thread-safe: one test thread drives it.
 */
public final class ApogeeBrokerProcess implements AutoCloseable {
    private static final String MAIN = "io.apogee.broker.server.BrokerMain";
    private final Process process;
    private final Path log;
    private final String host;
    private final int port;

    private ApogeeBrokerProcess(Process process, Path log, String host, int port) {
        this.process = process;
        this.log = log;
        this.host = host;
        this.port = port;
    }

    /**
     * Starts a broker on {@code port} with its data in {@code dir} and {@code settings} on top of small test files,
     * and returns once it accepts connections. The broker port is also the name server.
     */
    public static ApogeeBrokerProcess start(Path dir, int port, Map<String, String> settings)
        throws IOException, InterruptedException {
        return start(dir, port, settings, List.of());
    }

    /** As {@link #start(Path, int, Map)}, with extra JVM flags such as {@link MemoryProbe#jvmFlags}. */
    public static ApogeeBrokerProcess start(Path dir, int port, Map<String, String> settings, List<String> jvmFlags)
        throws IOException, InterruptedException {
        return start(dir, port, settings, jvmFlags, null);
    }

    /**
     * As {@link #start(Path, int, Map)}, the broker inside {@code namespace} (null: here), named by the namespace's
     * address ({@code brokerIP1}), so that the test can cut it off by the network.
     */
    public static ApogeeBrokerProcess start(Path dir, int port, Map<String, String> settings, List<String> jvmFlags,
        NetworkNamespace namespace) throws IOException, InterruptedException {
        InetAddress host = namespace == null ? InetAddress.getLoopbackAddress() : namespace.innerAddress();
        Properties conf = new Properties();
        conf.setProperty("listenPort", Integer.toString(port));
        conf.setProperty("namesrvListenPort", "0");
        // listenPort + 1, the default, may be taken on a busy machine
        conf.setProperty("haListenPort", "0");
        // and 5552 may be taken by another broker
        conf.setProperty("streamListenPort", "0");
        conf.setProperty("brokerIP1", host.getHostAddress());
        conf.setProperty("storePathRootDir", dir.resolve("store").toString());
        conf.setProperty("mappedFileSizeCommitLog", Integer.toString(16 << 20));
        conf.setProperty("maxHashSlotNum", "1024");
        conf.setProperty("maxIndexNum", "4096");
        // held pulls come back twice a second, carrying the consumer's progress as commit offsets
        conf.setProperty("brokerSuspendMaxTimeMillis", "500");
        conf.putAll(settings);
        Path file = dir.resolve("broker.conf");
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            conf.store(writer, null);
        }
        Path log = dir.resolve("broker-" + System.nanoTime() + ".log");
        List<String> launcher = namespace == null ? List.of() : namespace.launcher();
        Process process = ChildJvm.start(launcher, MAIN, List.of("-c", file.toString()), jvmFlags, Map.of(), log);
        try {
            Listening.await(host, port, process, log, ChildJvm.START_TIMEOUT);
        } catch (IOException | InterruptedException | RuntimeException e) {
            ChildJvm.stop(process);
            throw e;
        }
        return new ApogeeBrokerProcess(process, log, host.getHostAddress(), port);
    }

    /** "host:port" ("127.0.0.1:port" unless in a namespace): the broker and its name server. */
    public String address() {
        return host + ":" + port;
    }

    /** SIGTERM, then waits for the exit; returns the exit status. */
    public int terminate() throws InterruptedException {
        process.destroy();
        return ChildJvm.awaitExit(process);
    }

    /** SIGKILL, then waits for the exit; returns the exit status. */
    public int kill() throws InterruptedException {
        process.destroyForcibly();
        return ChildJvm.awaitExit(process);
    }

    /** SIGSTOP: the broker freezes, as in a partition it does not know of; {@link #resume()} thaws it. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause()}. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** What the broker printed so far. */
    public String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                ChildJvm.awaitExit(process);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
