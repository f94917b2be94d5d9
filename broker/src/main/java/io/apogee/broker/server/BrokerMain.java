package io.apogee.broker.server;

import io.apogee.broker.migration.MigrationException;
import io.apogee.common.time.SystemClock;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code apogee broker [-c FILE]}: reads the config (RocketMQ broker.conf names), starts the broker and the embedded
 * name server, prints the data directory, and runs until SIGTERM or Ctrl-C, which close it cleanly (flush,
 * checkpoint, close). A bad config stops start-up with a message naming the key, exit status 2; so does a table of
 * Apache RocketMQ's that cannot be carried over (docs/migration.md).
 *
 * <p>Runs on the main thread; the shutdown hook closes the broker on its own thread.
 */
public final class BrokerMain {
    private static final int BAD_USAGE = 2;

    private BrokerMain() {
    }

    /** Starts the broker. */
    public static void main(String[] args) throws InterruptedException {
        Path defaultRoot = Path.of(System.getProperty("user.home"), "apogee", "store");
        BrokerConfig config;
        try {
            config = parse(args, defaultRoot);
        } catch (BrokerConfigException e) {
            System.err.println("apogee broker: " + e.getMessage());
            System.exit(BAD_USAGE);
            return;
        }
        System.out.println("apogee broker: data directory " + config.storeRoot().toAbsolutePath());
        Runnable stop;
        try {
            // in controller mode the controller decides the role, and the broker restarts in each new one
            stop = config.controllerMode().enabled() ? ControllerModeBroker.start(config, SystemClock.INSTANCE)::close
                : BrokerContext.start(config, SystemClock.INSTANCE)::close;
        } catch (MigrationException e) {
            System.err.println("apogee broker: " + e.getMessage());
            System.exit(BAD_USAGE);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.run();
            stopped.countDown();
        }, "apogee-shutdown"));
        stopped.await();
    }

    /** The config named by {@code -c FILE}, or the defaults. */
    static BrokerConfig parse(String[] args, Path defaultRoot) {
        if (args.length == 0) {
            return BrokerConfig.of(new Properties(), defaultRoot);
        }
        if (args.length == 2 && args[0].equals("-c")) {
            return BrokerConfig.load(Path.of(args[1]), defaultRoot);
        }
        throw new BrokerConfigException("arguments", "usage: apogee broker [-c FILE]");
    }
}
