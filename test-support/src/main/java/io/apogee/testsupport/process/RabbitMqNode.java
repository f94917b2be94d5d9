package io.apogee.testsupport.process;

import io.apogee.launcher.Listening;
import io.apogee.launcher.Ports;
import io.apogee.launcher.RabbitMqLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private RabbitMQ node with its stream plugin, a child process of the test run, from the {@code rabbitmq-server}
 * installed on the machine (Debian's package, 3.10). Everything the node writes (Mnesia and stream data, logs,
 * config, enabled plugins, its Erlang cookie) lives in a base directory of its own, and it listens on free loopback
 * ports with a node name of its own, so it touches no system node. The stream listener advertises 127.0.0.1.
 * {@link #start(Path)} returns once the stream port answers; {@link #close()} stops the Erlang VM and everything it
 * started, except the machine's shared epmd. The user guest/guest works from the loopback, as RabbitMQ allows by default.
 *
 * <p>Not thread-safe: one thread starts and stops it.
 */
public final class RabbitMqNode implements AutoCloseable {
    /** Where Debian's package puts the server script; {@code RABBITMQ_SERVER} in the environment names another. */
    public static final Path DEBIAN_SERVER = RabbitMqLauncher.DEBIAN_SERVER;
    /** How long the node may take to open its stream port: an Erlang VM boots in about 10 s on a quiet machine. */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Path base;
    private final Process process;
    private final int streamPort;
    private final int amqpPort;
    private final int prometheusPort;
    private final String nodeName;
    private final long startMillis;
    private final boolean temporary;
    private final Thread stopAtExit;

    private RabbitMqNode(Path base, boolean temporary, Process process, int streamPort, int amqpPort, int prometheusPort,
        String nodeName, long startMillis) {
        this.prometheusPort = prometheusPort;
        this.base = base;
        this.temporary = temporary;
        this.process = process;
        this.streamPort = streamPort;
        this.amqpPort = amqpPort;
        this.nodeName = nodeName;
        this.startMillis = startMillis;
        // a test run that ends without closing the node (a timeout, Ctrl-C) must not leave an Erlang VM behind
        this.stopAtExit = new Thread(() -> stop(process), "rabbitmq-node-stop");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
    }

    /** The server script to run: {@code RABBITMQ_SERVER} if set, else Debian's. */
    public static Path serverScript() {
        return RabbitMqLauncher.serverScript();
    }

    /** Whether a RabbitMQ server is installed where {@link #serverScript()} looks. */
    public static boolean installed() {
        return RabbitMqLauncher.installed();
    }

    /** Starts a node whose files all live in {@code base} (created if missing); returns once its stream port answers. */
    public static RabbitMqNode start(Path base) throws IOException, InterruptedException {
        return start(base, false, false);
    }

    /** Starts a node in a new temporary directory, deleted again by {@link #close()}. */
    public static RabbitMqNode startInTemporaryDirectory() throws IOException, InterruptedException {
        return startInTemporaryDirectory(false);
    }

    /**
     * Starts a node in a new temporary directory, deleted again by {@link #close()}; with {@code prometheus}, its
     * Prometheus plugin serves the node's metrics on {@link #prometheusPort()}.
     */
    public static RabbitMqNode startInTemporaryDirectory(boolean prometheus) throws IOException, InterruptedException {
        Path base = Files.createTempDirectory("rabbitmq-");
        try {
            return start(base, true, prometheus);
        } catch (IOException | InterruptedException | RuntimeException e) {
            delete(base);
            throw e;
        }
    }

    private static RabbitMqNode start(Path base, boolean temporary, boolean prometheus)
        throws IOException, InterruptedException {
        long begin = System.nanoTime();
        int amqp = Ports.free();
        int stream = Ports.free();
        int metrics = prometheus ? Ports.free() : 0;
        String nodeName = "apogee-" + ProcessHandle.current().pid() + "-" + ThreadLocalRandom.current().nextInt(1_000_000)
            + "@localhost";
        ProcessBuilder builder = RabbitMqLauncher.server(base, new RabbitMqLauncher.Node(amqp, stream, Ports.free(),
            nodeName, metrics));
        Path log = RabbitMqLauncher.log(base);
        Process process = builder.start();
        try {
            Listening.await(stream, process, log, START_TIMEOUT);
            if (prometheus) {
                Listening.await(metrics, process, log, START_TIMEOUT);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(process);
            throw e;
        }
        return new RabbitMqNode(base, temporary, process, stream, amqp, metrics, nodeName,
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
    }

    /**
     * Runs RabbitMQ's {@code rabbitmq-streams} tool against this node with {@code args} (such as
     * {@code add_super_stream}, which 3.10's stream protocol cannot do), waiting for it to end; fails with its output if
     * it does not succeed. Each run starts an Erlang VM of its own: about 5 s.
     */
    public void streamsTool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(serverScript().resolveSibling("rabbitmq-streams").toString(),
            "-n", nodeName));
        command.addAll(List.of(args));
        Path output = Files.createTempFile(base, "rabbitmq-streams-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(base.toFile()).redirectErrorStream(true)
            .redirectOutput(output.toFile());
        builder.environment().putAll(RabbitMqLauncher.environment(base, nodeName));
        Process tool = builder.start();
        if (!tool.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            stop(tool);
            throw new IOException("rabbitmq-streams " + String.join(" ", args) + " did not end within "
                + START_TIMEOUT.toSeconds() + " s");
        }
        if (tool.exitValue() != 0) {
            throw new IOException("rabbitmq-streams " + String.join(" ", args) + " exited with " + tool.exitValue() + ":\n"
                + Files.readString(output, StandardCharsets.UTF_8));
        }
    }

    /** The stream protocol's port on 127.0.0.1. */
    public int streamPort() {
        return streamPort;
    }

    /** The Prometheus plugin's port on 127.0.0.1, or 0 when the node was started without it. */
    public int prometheusPort() {
        return prometheusPort;
    }

    /** The AMQP 0-9-1 port on 127.0.0.1. */
    public int amqpPort() {
        return amqpPort;
    }

    /** The Erlang node name, {@code apogee-<pid>-<n>@localhost}. */
    public String nodeName() {
        return nodeName;
    }

    /** How long the start took, until the stream port answered. */
    public long startMillis() {
        return startMillis;
    }

    /** The node's base directory. */
    public Path base() {
        return base;
    }

    /**
     * Stops the node: SIGTERM to the Erlang VM (a clean stop), then SIGKILL to whatever of the process tree is left
     * after a while. The server script does not exec the VM, so the tree is walked rather than the script signalled.
     * A temporary base directory is deleted. Never throws.
     */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // the hook is running or about to: it stops the node too
        }
        stop(process);
        if (temporary) {
            delete(base);
        }
    }

    private static void stop(Process process) {
        RabbitMqLauncher.stop(process);
    }

    private static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            // best effort: a temporary directory left behind is harmless
        }
    }
}
