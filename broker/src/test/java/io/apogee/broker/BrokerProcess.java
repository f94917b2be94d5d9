package io.apogee.broker;

import io.apogee.broker.server.BrokerMain;
import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * {@code apogee broker -c FILE} as a child JVM ({@link BrokerMain} on this test run's class path), so that a test can
 * stop it the way an operator or a crash does: SIGTERM ({@link #terminate()}) or SIGKILL ({@link #kill()}). Its
 * output goes to a file in the data directory. Not thread-safe: one test thread drives it.
 */
final class BrokerProcess implements AutoCloseable {
    private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long STOP_TIMEOUT_SECONDS = 30;

    private final Process process;
    private final Path log;
    private final int port;

    private BrokerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts a broker on {@code port} with its data in {@code dir} and {@code settings} on top of small test files,
     * and returns once it accepts connections. The broker port is also the name server.
     */
    static BrokerProcess start(Path dir, int port, Map<String, String> settings) throws IOException, InterruptedException {
        Properties conf = new Properties();
        conf.setProperty("listenPort", Integer.toString(port));
        conf.setProperty("namesrvListenPort", "0");
        conf.setProperty("brokerIP1", "127.0.0.1");
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
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED",
            "-cp", classPath(), BrokerMain.class.getName(), "-c", file.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        BrokerProcess broker = new BrokerProcess(process, log, port);
        try {
            broker.awaitListening();
        } catch (IOException | InterruptedException | RuntimeException e) {
            broker.close();
            throw e;
        }
        return broker;
    }

    /** A port that was free a moment ago, for a broker that must come back on the same one. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** "127.0.0.1:port": the broker and its name server. */
    String address() {
        return "127.0.0.1:" + port;
    }

    /** SIGTERM, then waits for the exit; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        return awaitExit();
    }

    /** SIGKILL, then waits for the exit; returns the exit status. */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        return awaitExit();
    }

    /** What the broker printed so far. */
    String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private int awaitExit() throws InterruptedException {
        if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the broker did not exit within " + STOP_TIMEOUT_SECONDS + " s; see " + log);
        }
        return process.exitValue();
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the broker exited with " + process.exitValue() + ":\n" + output());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                process.waitFor(50, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("the broker did not listen on " + port + " in time:\n" + output());
    }

    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
