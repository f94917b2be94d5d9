package io.apogee.broker;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.scenario.BrokerUnderTest;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * A broker on a free port with small files in a test directory, its own name server (the broker port answers the
 * name-server codes too). Close it to stop it.
 */
public final class TestBroker implements BrokerUnderTest {
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

    /** Starts a broker in {@code dir} with {@code extra} settings on top of the test defaults. */
    public static TestBroker start(Path dir, Map<String, String> extra) throws InterruptedException {
        Properties properties = new Properties();
        properties.putAll(extra);
        return start(dir, properties);
    }

    /** Starts a broker in {@code dir} with the test defaults. */
    public static TestBroker start(Path dir) throws InterruptedException {
        return start(dir, new Properties());
    }

    @Override
    public String address() {
        return "127.0.0.1:" + context.brokerPort();
    }

    /** The running broker. */
    public BrokerContext context() {
        return context;
    }

    @Override
    public long committedOffset(String group, String topic, int queueId) {
        return context.metadata().offsets().offset(group, topic, queueId);
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        return context.store().maxOffset(topic, queueId);
    }

    @Override
    public void announceGroup(String group) throws Exception {
        SendBackAndLockRequestTest.heartbeat(this, group);
    }

    @Override
    public void close() {
        context.close();
    }
}
