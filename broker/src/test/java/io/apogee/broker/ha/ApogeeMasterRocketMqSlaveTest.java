package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ChildJvm;
import io.apogee.testsupport.process.RocketMqProcesses;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apogee master and an Apache RocketMQ 5.4.0 slave (a child JVM), behind Apogee's name server: the RocketMQ slave
 * finds the master's HA address in the name server's answer to its registration, and its commit log becomes byte for
 * byte the one Apogee wrote. It then serves the official pull consumer every message, with the master still up and
 * after it stopped.
 */
@Tag("slow")
// the official client's admin calls (topic creation, runtime info) are reached through deprecated accessors
@SuppressWarnings("deprecation")
class ApogeeMasterRocketMqSlaveTest {
    private static final int SEGMENT = 1 << 20;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration METADATA_SYNC_WAIT = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    @Test
    void aRocketMqSlaveCopiesAnApogeeMastersLogByteForByte() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("ApogeeMasterRocketMqSlaveTest seed " + seed);
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), masterSettings(nameServerAddress));
            Process slave = null;
            DefaultMQProducer producer = new DefaultMQProducer("ha-producer");
            DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("ha-reader");
            try {
                int slavePort = Ports.freeRocketMqBrokerPort();
                slave = RocketMqProcesses.broker(dir.resolve("slave"), slavePort, nameServerAddress, Map.of(
                    "brokerName", ReplicationLoad.GROUP, "brokerId", "1", "brokerRole", "SLAVE",
                    "mappedFileSizeCommitLog", Integer.toString(SEGMENT), "haSendHeartbeatInterval", "500",
                    "registerNameServerPeriod", "1000", "slaveReadEnable", "true"));
                String slaveAddress = "127.0.0.1:" + slavePort;
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
                ReplicationLoad.createTopics(admin, master.address());
                Await.until("the routes name the Apogee master as id 0 and the RocketMQ slave as id 1", WAIT, () ->
                    Arrays.stream(ReplicationLoad.TOPICS).allMatch(topic ->
                        ReplicationLoad.bothListed(admin, topic, master.address(), slaveAddress)));

                Map<String, byte[]> sent = ReplicationLoad.send(producer, new Random(seed));
                long end = master.context().store().logEnd();
                assertThat(end).as("the log spans segments").isGreaterThan(2L * SEGMENT);
                Await.until("the RocketMQ slave holds the master's log up to " + end, WAIT,
                    () -> slaveMaxOffset(admin, slaveAddress) == end);
                ReplicationLoad.assertSameLog(master.context().store().config().commitLogDirectory(),
                    dir.resolve("slave").resolve("store").resolve("commitlog"), end, SEGMENT);
                Await.until("the master records the slave's ack of " + end, WAIT,
                    () -> master.context().replicaAcks().ackedOffset() == end);

                // the RocketMQ slave serves reads once it has copied the topics from the Apogee master, which it
                // first does a minute after its start (SlaveSynchronize.syncAll), then every minute
                ReplicationLoad.slaveConsumer(consumer, nameServerAddress);
                Map<String, byte[]> received = new HashMap<>();
                Await.until("the RocketMQ slave serves all " + sent.size() + " messages", METADATA_SYNC_WAIT, () -> {
                    received.clear();
                    received.putAll(ReplicationLoad.pullAll(consumer));
                    return received.size() == sent.size();
                });
                master.close(); // after the master is gone, the slave still answers every pull
                received.clear();
                received.putAll(ReplicationLoad.pullAll(consumer));
                assertThat(received.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
                for (Map.Entry<String, byte[]> message : sent.entrySet()) {
                    assertThat(received.get(message.getKey())).as(message.getKey()).isEqualTo(message.getValue());
                }
            } finally {
                consumer.shutdown();
                producer.shutdown();
                if (slave != null) {
                    ChildJvm.stop(slave);
                }
                master.close();
            }
        }
    }

    private static long slaveMaxOffset(MQClientAPIImpl admin, String slave) {
        try {
            return Long.parseLong(admin.getBrokerRuntimeInfo(slave, 3_000).getTable().get("commitLogMaxOffset"));
        } catch (Exception notYet) {
            return -1;
        }
    }

    private static Properties masterSettings(String nameServer) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", ReplicationLoad.GROUP);
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(SEGMENT));
        settings.setProperty("maxMessageSize", Integer.toString(SEGMENT / 4));
        settings.setProperty("haSendHeartbeatInterval", "500");
        return settings;
    }
}
