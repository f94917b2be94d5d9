package io.apogee.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Process builders for a private RabbitMQ node with its stream plugin, from the {@code rabbitmq-server} installed on
 * the machine (Debian's package, 3.10). Everything the node writes (Mnesia and stream data, logs, config, enabled
 * plugins, its Erlang cookie) lives in a base directory of its own, and it listens on loopback ports and under a node
 * name the caller chose, so it touches no system node. The stream listener advertises 127.0.0.1. Stateless.
 */
// Shared by apogee perf stream-compare (main code) and the tests' RabbitMqNode, so that one class knows how RabbitMQ starts.
public final class RabbitMqLauncher {
    /** Where Debian's package puts the server script; {@code RABBITMQ_SERVER} in the environment names another. */
    public static final Path DEBIAN_SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final long STOP_SECONDS = 20;

    private RabbitMqLauncher() {
    }

    /**
     * The ports and name of a node.
     *
     * @param amqp         the AMQP 0-9-1 port
     * @param stream       the stream protocol's port
     * @param distribution the Erlang distribution port
     * @param nodeName     the Erlang node name, such as {@code apogee-1@localhost}
     * @param prometheus   the port of the Prometheus plugin's endpoint, or 0 to leave the plugin off
     */
    public record Node(int amqp, int stream, int distribution, String nodeName, int prometheus) {
        /** A node without the Prometheus plugin. */
        public Node(int amqp, int stream, int distribution, String nodeName) {
            this(amqp, stream, distribution, nodeName, 0);
        }
    }

    /** The server script to run: {@code RABBITMQ_SERVER} if set, else Debian's. */
    public static Path serverScript() {
        String configured = System.getenv("RABBITMQ_SERVER");
        return configured == null || configured.isBlank() ? DEBIAN_SERVER : Path.of(configured);
    }

    /** Whether a RabbitMQ server is installed where {@link #serverScript()} looks. */
    public static boolean installed() {
        return Files.isExecutable(serverScript());
    }

    /** The node {@code node} with its files in {@code base} (created if missing), its output in {@link #log}; not started. */
    public static ProcessBuilder server(Path base, Node node) throws IOException {
        Files.createDirectories(base);
        List<String> config = new ArrayList<>(List.of(
            "listeners.tcp.1 = 127.0.0.1:" + node.amqp(),
            "stream.listeners.tcp.1 = 127.0.0.1:" + node.stream(),
            "stream.advertised_host = 127.0.0.1",
            "stream.advertised_port = " + node.stream()));
        String plugins = "rabbitmq_stream";
        if (node.prometheus() > 0) {
            config.add("prometheus.tcp.ip = 127.0.0.1");
            config.add("prometheus.tcp.port = " + node.prometheus());
            plugins += ",rabbitmq_prometheus";
        }
        config.add("");
        Files.writeString(base.resolve("rabbitmq.conf"), String.join("\n", config), StandardCharsets.UTF_8);
        Files.writeString(base.resolve("enabled_plugins"), "[" + plugins + "].\n", StandardCharsets.US_ASCII);
        ProcessBuilder builder = new ProcessBuilder(serverScript().toString()).directory(base.toFile())
            .redirectErrorStream(true).redirectOutput(log(base).toFile());
        builder.environment().putAll(environment(base, node.nodeName()));
        builder.environment().put("RABBITMQ_DIST_PORT", Integer.toString(node.distribution()));
        return builder;
    }

    /** Where the node started in {@code base} writes its console output. */
    public static Path log(Path base) {
        return base.resolve("console.log");
    }

    /**
     * What the node and its tools (such as {@code rabbitmq-streams}) share: where its files are, its name, and its
     * Erlang cookie (in HOME).
     */
    public static Map<String, String> environment(Path base, String nodeName) {
        return Map.of(
            "HOME", base.toString(),
            "RABBITMQ_NODENAME", nodeName,
            "RABBITMQ_MNESIA_BASE", base.resolve("mnesia").toString(),
            "RABBITMQ_LOG_BASE", base.resolve("log").toString(),
            "RABBITMQ_CONFIG_FILE", base.resolve("rabbitmq.conf").toString(),
            "RABBITMQ_ADVANCED_CONFIG_FILE", base.resolve("advanced.config").toString(),
            // the tools find the stream plugin's commands through it
            "RABBITMQ_ENABLED_PLUGINS_FILE", base.resolve("enabled_plugins").toString(),
            // the machine's rabbitmq-env.conf would otherwise apply to this node too
            "RABBITMQ_CONF_ENV_FILE", base.resolve("rabbitmq-env.conf").toString());
    }

    /**
     * The Erlang VM ({@code beam.smp}) the server script {@code server} started: the process that does the broker's
     * work, whose CPU and memory are the node's. Empty until the script has started it.
     */
    public static Optional<ProcessHandle> erlangVm(Process server) {
        return Stream.concat(Stream.of(server.toHandle()), server.descendants()).filter(RabbitMqLauncher::isErlangVm)
            .findFirst();
    }

    /**
     * Stops the node started as {@code server}: SIGTERM to the Erlang VM (a clean stop), then SIGKILL to whatever of
     * the process tree is left after 20 s. The server script does not exec the VM, so the tree is walked rather than
     * the script signalled. The machine's shared epmd is not in the tree and keeps running. Never throws.
     */
    public static void stop(Process server) {
        List<ProcessHandle> tree = Stream.concat(server.descendants(), Stream.of(server.toHandle())).toList();
        tree.stream().filter(RabbitMqLauncher::isErlangVm).forEach(ProcessHandle::destroy);
        server.destroy();
        for (ProcessHandle handle : tree) {
            try {
                handle.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                handle.destroyForcibly();
            } catch (ExecutionException | TimeoutException e) {
                handle.destroyForcibly();
            }
        }
    }

    private static boolean isErlangVm(ProcessHandle handle) {
        return handle.info().command().map(command -> command.endsWith("beam.smp")).orElse(false);
    }
}
