package io.apogee.broker.server;

import io.apogee.common.time.SystemClock;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code apogee namesrv [-c FILE]}: reads the config (RocketMQ namesrv.conf names), starts the name-server role alone
 * and runs until SIGTERM or Ctrl-C. A bad config stops start-up with a message naming the key, exit status 2.
 *
 * <p>Runs on the main thread; the shutdown hook closes the name server on its own thread.
 */
public final class NameServerMain {
    private static final int BAD_USAGE = 2;

    private NameServerMain() {
    }

    /** Starts the name server. */
    public static void main(String[] args) throws InterruptedException {
        Path home = Path.of(System.getProperty("user.home"));
        NameServerConfig config;
        try {
            config = parse(args, home);
        } catch (BrokerConfigException e) {
            System.err.println("apogee namesrv: " + e.getMessage());
            System.exit(BAD_USAGE);
            return;
        }
        NameServerContext nameServer = NameServerContext.start(config, SystemClock.INSTANCE);
        System.out.println("apogee namesrv: listening on port " + nameServer.port());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            nameServer.close();
            stopped.countDown();
        }, "apogee-shutdown"));
        stopped.await();
    }

    /** The config named by {@code -c FILE}, or the defaults. */
    static NameServerConfig parse(String[] args, Path home) {
        if (args.length == 0) {
            return NameServerConfig.of(new Properties(), home);
        }
        if (args.length == 2 && args[0].equals("-c")) {
            return NameServerConfig.load(Path.of(args[1]), home);
        }
        throw new BrokerConfigException("arguments", "usage: apogee namesrv [-c FILE]");
    }
}
