package io.apogee.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Apache RocketMQ 5.4.0's name server ({@code NamesrvStartup} from the test class path) as a child JVM on a given
 * loopback port, with its home and logs in a test directory. Close it to stop it. Not thread-safe.
 */
final class RocketMqNameServer implements AutoCloseable {
    private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long STOP_TIMEOUT_SECONDS = 15;

    private final Process process;
    private final Path log;
    private final int port;

    private RocketMqNameServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the name server on {@code port} with its home in {@code home}; returns once it listens. */
    static RocketMqNameServer start(Path home, int port) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path conf = Files.writeString(home.resolve("namesrv.conf"), "listenPort=" + port + "\n");
        Path log = home.resolve("namesrv.out");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder builder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Duser.home=" + home, "-cp", classPath,
            "org.apache.rocketmq.namesrv.NamesrvStartup", "-c", conf.toString()))
            .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("ROCKETMQ_HOME", home.toString());
        RocketMqNameServer nameServer = new RocketMqNameServer(builder.start(), log, port);
        try {
            nameServer.awaitListening();
        } catch (IOException | InterruptedException | RuntimeException e) {
            nameServer.close();
            throw e;
        }
        return nameServer;
    }

    /** "127.0.0.1:port". */
    String address() {
        return "127.0.0.1:" + port;
    }

    @Override
    public void close() {
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

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the name server exited with " + process.exitValue() + ":\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                process.waitFor(50, TimeUnit.MILLISECONDS);
            }
        }
        throw new IOException("the name server did not listen on " + port + " in time; see " + log);
    }
}
