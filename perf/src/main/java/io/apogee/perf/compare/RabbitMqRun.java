package io.apogee.perf.compare;

import io.apogee.launcher.Listening;
import io.apogee.launcher.Ports;
import io.apogee.launcher.RabbitMqLauncher;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Starts RabbitMQ for a stream comparison: a private node of the installed {@code rabbitmq-server} with its stream
 * plugin, on free loopback ports, in the run's directory, through the shared {@link RabbitMqLauncher}. The process
 * watched is the node's Erlang VM, not the script that started it. Stateless.
 */
final class RabbitMqRun {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private RabbitMqRun() {
    }

    /** Starts a node in {@code settings.dir()} (its pinning applies) and waits until its stream port answers. */
    static RunningBroker start(BrokerSettings settings, ChildProcesses children) throws IOException, InterruptedException {
        if (!RabbitMqLauncher.installed()) {
            throw new IOException("no RabbitMQ server at " + RabbitMqLauncher.serverScript()
                + " (install Debian's rabbitmq-server, or name the script in RABBITMQ_SERVER)");
        }
        Path base = Files.createDirectories(settings.dir());
        int stream = Ports.free();
        String nodeName = "apogee-compare-" + ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime())
            + "@localhost";
        ProcessBuilder builder = RabbitMqLauncher.server(base, new RabbitMqLauncher.Node(Ports.free(), stream,
            Ports.free(), nodeName));
        RunningBroker running = new RunningBroker(children, base.resolve("mnesia"));
        try {
            Process server = children.start(settings.pinning().broker(builder));
            running.add(server, () -> RabbitMqLauncher.stop(server));
            Listening.await(stream, server, RabbitMqLauncher.log(base), START_TIMEOUT);
            long vm = RabbitMqLauncher.erlangVm(server).map(ProcessHandle::pid)
                .orElseThrow(() -> new IOException("no Erlang VM under the RabbitMQ server " + server.pid()));
            running.ready(vm, null);
            running.streams(stream);
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }
}
