package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apogee master and an Apogee slave in one process, registered with a stand-alone name server in one broker group:
 * the official 5.4.0 producer sends single and batch messages with tags and keys to several queues of two topics, the
 * slave's commit log becomes byte for byte the master's, and once the master is gone a 5.4.0 consumer pulling from
 * brokerId 1 gets every message.
 */
@Tag("slow")
// DefaultMQPullConsumer is deprecated, but it is the official client that lets the test choose brokerId 1
@SuppressWarnings("deprecation")
class MasterSlave540Test {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String[] TOPICS = ReplicationLoad.TOPICS;
    private static final int QUEUES = ReplicationLoad.QUEUES;
    private static final int SEGMENT = 1 << 20;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void theSlaveHoldsTheMastersLogByteForByteAndServesEveryMessageOnceTheMasterIsGone() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("MasterSlave540Test seed " + seed);
        Random random = new Random(seed);
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("scanNotActiveBrokerInterval", "200");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), brokerSettings(nameServerAddress, "0", "ASYNC_MASTER"));
            TestBroker slave = null;
            DefaultMQProducer producer = new DefaultMQProducer("ha-producer");
            DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("ha-consumer");
            try {
                slave = TestBroker.start(dir.resolve("slave"), brokerSettings(nameServerAddress, "1", "SLAVE"));
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
                ReplicationLoad.createTopics(admin, master.address());
                ReplicationLoad.createTopics(admin, slave.address());
                String slaveAddress = slave.address();
                Await.until("the route of both topics names the master as id 0 and the slave as id 1", WAIT, () ->
                    Arrays.stream(TOPICS).allMatch(topic -> ReplicationLoad.bothListed(admin, topic, master.address(), slaveAddress)));

                Map<String, byte[]> sent = ReplicationLoad.send(producer, random);
                long end = master.context().store().logEnd();
                assertThat(end).as("the log spans segments").isGreaterThan(2L * SEGMENT);
                TestBroker replica = slave;
                Await.until("the slave holds the master's log up to " + end, WAIT,
                    () -> replica.context().store().logEnd() == end);
                Await.until("the master records the slave's ack of " + end, WAIT,
                    () -> master.context().replicaAcks().ackedOffset() == end);
                ReplicationLoad.assertSameLog(master.context().store().config().commitLogDirectory(),
                    slave.context().store().config().commitLogDirectory(), end, SEGMENT);
                assertThat(slave.context().store().maxOffset(TOPICS[0], 0))
                    .isEqualTo(master.context().store().maxOffset(TOPICS[0], 0)).isPositive();

                SendResult refused = sendToSlave(producer, slaveAddress);
                assertThat(refused).isNull();

                ReplicationLoad.slaveConsumer(consumer, nameServerAddress);
                master.close(); // every pull below can only be answered by the slave
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
                master.close();
            }
        }
    }

    private static Properties brokerSettings(String nameServer, String brokerId, String role) {
        Properties settings = ReplicationLoad.memberSettings(nameServer, GROUP, brokerId, role, SEGMENT);
        settings.setProperty("haTransferBatchSize", "16384");
        settings.setProperty("slaveReadEnable", "true");
        return settings;
    }

    /** A send straight to the slave's port: refused, as RocketMQ's slave refuses it. Returns what was answered if not. */
    private static SendResult sendToSlave(DefaultMQProducer producer, String slave) throws Exception {
        try {
            return producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl().sendMessage(slave, GROUP,
                new Message(TOPICS[0], "refused".getBytes(StandardCharsets.UTF_8)), sendHeader(producer), 3_000,
                CommunicationMode.SYNC, null, producer.getDefaultMQProducerImpl());
        } catch (MQBrokerException refused) {
            assertThat(refused.getResponseCode()).isEqualTo(14); // SERVICE_NOT_AVAILABLE
            return null;
        }
    }

    private static SendMessageRequestHeader sendHeader(DefaultMQProducer producer) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup(producer.getProducerGroup());
        header.setTopic(TOPICS[0]);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(QUEUES);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        header.setProperties("");
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        return header;
    }
}
