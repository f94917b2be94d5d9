package io.apogee.controller.server;

import io.apogee.common.time.SystemClock;
import io.apogee.transport.TransportConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code apogee controller -c FILE}: reads one replica's config, starts it and runs until SIGTERM or Ctrl-C. A bad
 * config stops start-up with a message naming the key, exit status 2.
 *
 * <p>Runs on the main thread; the shutdown hook closes the replica on its own thread.
 */
public final class ControllerMain {
    private static final int BAD_USAGE = 2;

    private ControllerMain() {
    }

    /** Starts the controller replica. */
    public static void main(String[] args) throws IOException, InterruptedException {
        ControllerConfig config;
        try {
            config = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("apogee controller: " + e.getMessage());
            System.exit(BAD_USAGE);
            return;
        }
        ControllerServer server = ControllerServer.start(config, SystemClock.INSTANCE, TransportConfig.defaults());
        System.out.println("apogee controller: replica " + config.selfId() + " listening on port " + server.port()
            + ", Raft on " + config.self().address());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (IOException e) {
                System.err.println("apogee controller: closing failed: " + e);
            }
            stopped.countDown();
        }, "apogee-shutdown"));
        stopped.await();
    }

    /** The config in the file named by {@code -c FILE}. */
    static ControllerConfig parse(String[] args) throws IOException {
        if (args.length != 2 || !args[0].equals("-c")) {
            throw new IllegalArgumentException("usage: apogee controller -c FILE");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of(args[1]), StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        Map<String, String> values = new HashMap<>();
        for (String key : properties.stringPropertyNames()) {
            values.put(key, properties.getProperty(key));
        }
        return ControllerConfig.parse(values);
    }
}
