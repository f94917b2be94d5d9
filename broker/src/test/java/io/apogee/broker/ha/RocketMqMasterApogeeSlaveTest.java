package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
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
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apache RocketMQ 5.4.0 master (a child JVM, with RocketMQ's name server) and an Apogee slave: the slave finds the
 * master's HA address in RocketMQ's name server's answer to its registration, speaks RocketMQ's own HA protocol with
 * it, and its commit log becomes byte for byte the one RocketMQ wrote; once the master is gone a 5.4.0 consumer pulling
 * from brokerId 1 gets every message from the slave. An empty slave that joins once the master wrote several files
 * begins its log where RocketMQ's master starts it, at the start of its last file, and serves from there.
 */
@Tag("slow")
// DefaultMQPullConsumer is deprecated, but it is the official client that lets the test choose brokerId 1
@SuppressWarnings("deprecation")
class RocketMqMasterApogeeSlaveTest {
    private static final int SEGMENT = 1 << 20;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void anApogeeSlaveCopiesARocketMqMastersLogByteForByte() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("RocketMqMasterApogeeSlaveTest seed " + seed);
        int nameServerPort = Ports.free();
        int masterPort = Ports.freeRocketMqBrokerPort();
        String nameServer = "127.0.0.1:" + nameServerPort;
        Process rocketMqNameServer = RocketMqProcesses.nameServer(dir.resolve("namesrv"), nameServerPort);
        Process master = null;
        TestBroker slave = null;
        DefaultMQProducer producer = new DefaultMQProducer("ha-producer");
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("ha-consumer");
        try {
            master = RocketMqProcesses.broker(dir.resolve("master"), masterPort, nameServer, Map.of(
                "brokerName", ReplicationLoad.GROUP, "brokerIP2", "127.0.0.1",
                "mappedFileSizeCommitLog", Integer.toString(SEGMENT), "haSendHeartbeatInterval", "500"));
            String masterAddress = "127.0.0.1:" + masterPort;
            slave = TestBroker.start(dir.resolve("slave"), slaveSettings(nameServer));
            producer.setNamesrvAddr(nameServer);
            producer.start();
            MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
            ReplicationLoad.createTopics(admin, masterAddress);
            ReplicationLoad.createTopics(admin, slave.address());
            String slaveAddress = slave.address();
            Await.until("RocketMQ's routes name its master as id 0 and the Apogee slave as id 1", WAIT, () ->
                Arrays.stream(ReplicationLoad.TOPICS).allMatch(topic ->
                    ReplicationLoad.bothListed(admin, topic, masterAddress, slaveAddress)));

            Map<String, byte[]> sent = ReplicationLoad.send(producer, new Random(seed));
            long end = Long.parseLong(admin.getBrokerRuntimeInfo(masterAddress, 3_000).getTable().get("commitLogMaxOffset"));
            assertThat(end).as("the log spans segments").isGreaterThan(2L * SEGMENT);
            TestBroker replica = slave;
            Await.until("the slave holds the RocketMQ master's log up to " + end, WAIT,
                () -> replica.context().store().logEnd() == end);
            ReplicationLoad.assertSameLog(dir.resolve("master").resolve("store").resolve("commitlog"),
                slave.context().store().config().commitLogDirectory(), end, SEGMENT);

            ReplicationLoad.slaveConsumer(consumer, nameServer);
            ChildJvm.stop(master); // every pull below can only be answered by the slave
            master = null;
            Map<String, byte[]> received = ReplicationLoad.pullAll(consumer);
            assertThat(received.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
            for (Map.Entry<String, byte[]> message : sent.entrySet()) {
                assertThat(received.get(message.getKey())).as(message.getKey()).isEqualTo(message.getValue());
            }
        } finally {
            consumer.shutdown();
            producer.shutdown();
            if (slave != null) {
                slave.close();
            }
            if (master != null) {
                ChildJvm.stop(master);
            }
            ChildJvm.stop(rocketMqNameServer);
        }
    }

    @Test
    void anEmptyApogeeSlaveBeginsItsLogAtTheStartOfTheRocketMqMastersLastFile() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("RocketMqMasterApogeeSlaveTest seed " + seed);
        int nameServerPort = Ports.free();
        int masterPort = Ports.freeRocketMqBrokerPort();
        String nameServer = "127.0.0.1:" + nameServerPort;
        Process rocketMqNameServer = RocketMqProcesses.nameServer(dir.resolve("namesrv"), nameServerPort);
        Process master = null;
        TestBroker slave = null;
        DefaultMQProducer producer = new DefaultMQProducer("ha-producer");
        DefaultMQPullConsumer masterConsumer = new DefaultMQPullConsumer("ha-master-reader");
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("ha-consumer");
        try {
            master = RocketMqProcesses.broker(dir.resolve("master"), masterPort, nameServer, Map.of(
                "brokerName", ReplicationLoad.GROUP, "brokerIP2", "127.0.0.1",
                "mappedFileSizeCommitLog", Integer.toString(SEGMENT), "haSendHeartbeatInterval", "500"));
            String masterAddress = "127.0.0.1:" + masterPort;
            producer.setNamesrvAddr(nameServer);
            producer.start();
            MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
            ReplicationLoad.createTopics(admin, masterAddress);
            Await.until("the name server routes both topics to the RocketMQ master", WAIT,
                () -> ReplicationLoad.masterListed(admin, masterAddress));
            Map<String, byte[]> sent = ReplicationLoad.send(producer, new Random(seed));
            long end = Long.parseLong(admin.getBrokerRuntimeInfo(masterAddress, 3_000).getTable().get("commitLogMaxOffset"));
            assertThat(end).as("the master wrote more than two files").isGreaterThan(2L * SEGMENT);
            long begin = end - end % SEGMENT;

            slave = TestBroker.start(dir.resolve("slave"), slaveSettings(nameServer));
            ReplicationLoad.createTopics(admin, slave.address());
            TestBroker replica = slave;
            Await.until("the empty slave holds the RocketMQ master's last file up to " + end, WAIT,
                () -> replica.context().store().logEnd() == end);
            assertThat(slave.context().store().logStart()).as("the start of the master's last file").isEqualTo(begin);
            ReplicationLoad.assertSameLog(dir.resolve("master").resolve("store").resolve("commitlog"),
                slave.context().store().config().commitLogDirectory(), begin, end, SEGMENT);

            masterConsumer.setNamesrvAddr(nameServer);
            masterConsumer.setInstanceName("master-reader");
            masterConsumer.start();
            for (String topic : ReplicationLoad.TOPICS) {
                masterConsumer.fetchSubscribeMessageQueues(topic); // the route is cached now
            }
            Map<String, MessageExt> onMaster = ReplicationLoad.pullFromFirst(masterConsumer, new HashMap<>());
            assertThat(onMaster).hasSameSizeAs(sent);
            String slaveAddress = slave.address();
            Await.until("RocketMQ's routes name its master as id 0 and the Apogee slave as id 1", WAIT, () ->
                Arrays.stream(ReplicationLoad.TOPICS).allMatch(topic ->
                    ReplicationLoad.bothListed(admin, topic, masterAddress, slaveAddress)));
            ReplicationLoad.slaveConsumer(consumer, nameServer);
            ChildJvm.stop(master); // every pull below can only be answered by the slave
            master = null;
            Map<MessageQueue, Long> firsts = new HashMap<>();
            Map<String, MessageExt> onSlave = ReplicationLoad.pullFromFirst(consumer, firsts);
            ReplicationLoad.assertSlaveServesFrom(begin, onMaster, firsts, onSlave, sent);
        } finally {
            consumer.shutdown();
            masterConsumer.shutdown();
            producer.shutdown();
            if (slave != null) {
                slave.close();
            }
            if (master != null) {
                ChildJvm.stop(master);
            }
            ChildJvm.stop(rocketMqNameServer);
        }
    }

    private static Properties slaveSettings(String nameServer) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", ReplicationLoad.GROUP);
        settings.setProperty("brokerId", "1");
        settings.setProperty("brokerRole", "SLAVE");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(SEGMENT));
        settings.setProperty("maxMessageSize", Integer.toString(SEGMENT / 4));
        settings.setProperty("haSendHeartbeatInterval", "500");
        settings.setProperty("slaveReadEnable", "true");
        return settings;
    }
}
