package io.apogee.broker;

import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.scenario.ClusterUnderTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A stand-alone name server on a free port with two brokers, {@value #BROKER_A} and {@value #BROKER_B}, registering
 * with it every second; clients need only {@link #nameServer()}. {@value #BROKER_B} keeps its port and its store across
 * {@link #stopB()} and {@link #restartB()}, so that clients which knew it find it again. Not thread-safe: one test
 * drives it. Close it to stop everything.
 */
public final class TestCluster implements ClusterUnderTest {
    /** The name of the broker that stays up. */
    public static final String BROKER_A = "broker-a";
    /** The name of the broker that may stop and start again. */
    public static final String BROKER_B = "broker-b";

    private final NameServerContext nameServer;
    private final Path dir;
    private final Properties settingsB;
    private final TestBroker brokerA;
    private TestBroker brokerB;

    private TestCluster(NameServerContext nameServer, Path dir, Properties settingsB, TestBroker brokerA,
        TestBroker brokerB) {
        this.nameServer = nameServer;
        this.dir = dir;
        this.settingsB = settingsB;
        this.brokerA = brokerA;
        this.brokerB = brokerB;
    }

    /** Starts the name server and both brokers, each in a directory of its own under {@code dir}. */
    public static TestCluster start(Path dir) throws IOException, InterruptedException {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        // a silent broker leaves the routes soon; a stopped one leaves them at once as its connection closes
        nameServerSettings.setProperty("scanNotActiveBrokerInterval", "200");
        NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir), SystemClock.INSTANCE);
        TestBroker brokerA = null;
        try {
            String address = "127.0.0.1:" + nameServer.port();
            Properties settingsB = brokerSettings(address, BROKER_B, Ports.free());
            brokerA = TestBroker.start(dir.resolve("a"), brokerSettings(address, BROKER_A, 0));
            return new TestCluster(nameServer, dir, settingsB, brokerA, TestBroker.start(dir.resolve("b"), settingsB));
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (brokerA != null) {
                brokerA.close();
            }
            nameServer.close();
            throw e;
        }
    }

    @Override
    public String nameServer() {
        return "127.0.0.1:" + nameServer.port();
    }

    @Override
    public String brokerAddress(String brokerName) {
        return switch (brokerName) {
            case BROKER_A -> brokerA.address();
            case BROKER_B -> brokerB.address();
            default -> throw new IllegalArgumentException("no broker " + brokerName);
        };
    }

    /** {@value #BROKER_A}. */
    public TestBroker brokerA() {
        return brokerA;
    }

    /** {@value #BROKER_B} as it runs now. */
    public TestBroker brokerB() {
        return brokerB;
    }

    /** Stops {@value #BROKER_B} (it unregisters and closes its connections). */
    @Override
    public void stopB() {
        brokerB.close();
    }

    /** Starts {@value #BROKER_B} again on its address, from its store. */
    @Override
    public void restartB() throws InterruptedException {
        brokerB = TestBroker.start(dir.resolve("b"), settingsB);
    }

    @Override
    public void close() {
        brokerB.close();
        brokerA.close();
        nameServer.close();
    }

    private static Properties brokerSettings(String nameServer, String name, int port) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", name);
        settings.setProperty("listenPort", Integer.toString(port));
        settings.setProperty("haListenPort", "0");
        settings.setProperty("streamListenPort", "0");
        return settings;
    }
}
