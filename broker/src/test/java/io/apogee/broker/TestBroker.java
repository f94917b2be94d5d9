package io.apogee.broker;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerContext;
import io.apogee.common.time.SystemClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.function.BooleanSupplier;

/**
 * A broker on a free port with small files in a test directory, its own name server (the broker port answers the
 * name-server codes too). Close it to stop it.
 */
public final class TestBroker implements AutoCloseable {
    private final BrokerContext context;

    private TestBroker(BrokerContext context) {
        this.context = context;
    }

    /** Starts a broker in {@code dir} with {@code extra} settings on top of the test defaults. */
    public static TestBroker start(Path dir, Properties extra) throws InterruptedException {
        Properties properties = new Properties();
        properties.setProperty("listenPort", "0");
        properties.setProperty("namesrvListenPort", "0");
        properties.setProperty("brokerIP1", "127.0.0.1");
        properties.setProperty("mappedFileSizeCommitLog", Integer.toString(16 << 20));
        properties.setProperty("maxHashSlotNum", "1024");
        properties.setProperty("maxIndexNum", "4096");
        properties.setProperty("brokerSuspendMaxTimeMillis", "2000");
        properties.putAll(extra);
        return new TestBroker(BrokerContext.start(BrokerConfig.of(properties, dir), SystemClock.INSTANCE));
    }

    /** Starts a broker in {@code dir} with the test defaults. */
    public static TestBroker start(Path dir) throws InterruptedException {
        return start(dir, new Properties());
    }

    /** "127.0.0.1:port" of the broker, which is also its name server. */
    public String address() {
        return "127.0.0.1:" + context.brokerPort();
    }

    /** The running broker. */
    public BrokerContext context() {
        return context;
    }

    /** The offsets {@code group} has committed on the first {@code queues} queues of {@code topic}, summed. */
    public long committed(String group, String topic, int queues) {
        long total = 0;
        for (int queueId = 0; queueId < queues; queueId++) {
            total += Math.max(0, context.store().metadata().offsets().offset(group, topic, queueId));
        }
        return total;
    }

    @Override
    public void close() {
        context.close();
    }

    /** Waits until {@code condition} holds, failing after {@code timeout}. */
    public static void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10); // polling a condition with a deadline, not waiting for time to pass
        }
    }
}
