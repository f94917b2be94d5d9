package io.apogee.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Apache RocketMQ 5.4.0's name server ({@code NamesrvStartup} from the test class path) as a child JVM on a given
 * loopback port, with its home and logs in a test directory. Close it to stop it. Not thread-safe.
 */
final class RocketMqNameServer implements AutoCloseable {
    private final Process process;
    private final int port;

    private RocketMqNameServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the name server on {@code port} with its home in {@code home}; returns once it listens. */
    static RocketMqNameServer start(Path home, int port) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path conf = Files.writeString(home.resolve("namesrv.conf"), "listenPort=" + port + "\n");
        Path log = home.resolve("namesrv.out");
        Process process = ChildJvm.start("org.apache.rocketmq.namesrv.NamesrvStartup", List.of("-c", conf.toString()),
            List.of("-Duser.home=" + home), Map.of("ROCKETMQ_HOME", home.toString()), log);
        try {
            ChildJvm.awaitListening(process, port, log);
        } catch (IOException | InterruptedException | RuntimeException e) {
            ChildJvm.stop(process);
            throw e;
        }
        return new RocketMqNameServer(process, port);
    }

    /** "127.0.0.1:port". */
    String address() {
        return "127.0.0.1:" + port;
    }

    @Override
    public void close() {
        ChildJvm.stop(process);
    }
}
