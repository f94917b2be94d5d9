package io.apogee.broker;

import java.io.IOException;
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
import java.util.concurrent.TimeUnit;

/**
 * A main class of this test run's class path in a JVM of its own, its output in a file, for servers a test must stop
 * from outside (SIGTERM, SIGKILL). Stateless helpers; a test thread drives each process.
 */
final class ChildJvm {
    private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long STOP_TIMEOUT_SECONDS = 30;
    private static final List<String> FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        "--enable-native-access=ALL-UNNAMED");

    private ChildJvm() {
    }

    /** Starts {@code mainClass} with {@code args}, extra JVM {@code properties} and {@code environment}. */
    static Process start(String mainClass, List<String> args, List<String> properties, Map<String, String> environment,
        Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FLAGS);
        command.addAll(properties);
        command.add("-cp");
        String surefire = System.getProperty("surefire.test.class.path");
        command.add(surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** Waits until {@code process} accepts connections on {@code port}; fails with its output if it exits first. */
    static void awaitListening(Process process, int port, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("exited with " + process.exitValue() + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                process.waitFor(50, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("did not listen on " + port + " in time; see " + log);
    }

    /** Waits for {@code process} to exit; returns its status. */
    static int awaitExit(Process process) throws InterruptedException {
        if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the process did not exit within " + STOP_TIMEOUT_SECONDS + " s");
        }
        return process.exitValue();
    }

    /** SIGTERM, then SIGKILL if it is still running after a while. Never throws. */
    static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A loopback port that was free a moment ago, for a server that must come back on the same one. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
