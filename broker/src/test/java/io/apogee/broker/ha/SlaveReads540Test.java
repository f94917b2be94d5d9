package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.consumer.DefaultMQPushConsumerImpl;
import org.apache.rocketmq.client.impl.consumer.PullAPIWrapper;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master with slaveReadEnable and an in-memory reach of 0 bytes, and its slave, with the official 5.4.0 push
 * consumer: the master's answers send a consumer with messages left behind it to the slave (the client takes
 * brokerId 1 for its next pulls), the slave sends it back once caught up, and every message arrives.
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topics, as MasterSlave540Test does
@SuppressWarnings("deprecation")
class SlaveReads540Test {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String TOPIC = ReplicationLoad.TOPICS[0];
    private static final int MESSAGES = 400;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aConsumerBehindIsSentToTheSlaveAndGetsEveryMessage() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE);
             TestBroker master = TestBroker.start(dir.resolve("master"), settings(nameServer, "0", "ASYNC_MASTER"));
             TestBroker slave = TestBroker.start(dir.resolve("slave"), settings(nameServer, "1", "SLAVE"))) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            DefaultMQProducer producer = new DefaultMQProducer("steering-producer");
            DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("steering-consumers");
            try {
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                ReplicationLoad.createTopics(producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl(),
                    master.address());
                Await.until("the slave took the topic", WAIT,
                    () -> slave.context().metadata().topics().get(TOPIC) != null);
                for (int i = 0; i < MESSAGES; i++) {
                    Message message = new Message(TOPIC, "steer", ("m" + i).getBytes(StandardCharsets.UTF_8));
                    message.setKeys("m" + i);
                    assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                }
                long end = master.context().store().logEnd();
                Await.until("the slave holds the log", WAIT, () -> slave.context().store().logEnd() == end);

                Set<String> received = ConcurrentHashMap.newKeySet();
                AtomicBoolean toldToUseSlave = new AtomicBoolean();
                consumer.setNamesrvAddr(nameServerAddress);
                consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                consumer.setPullBatchSize(8); // each pull leaves messages behind it at first
                consumer.subscribe(TOPIC, "*");
                consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                    PullAPIWrapper pulls = pullApi(consumer);
                    for (MessageExt message : messages) {
                        received.add(message.getKeys());
                        MessageQueue queue = new MessageQueue(TOPIC, GROUP, message.getQueueId());
                        if (pulls.recalculatePullFromWhichNode(queue) == 1) {
                            toldToUseSlave.set(true);
                        }
                    }
                    return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                });
                consumer.start();
                Await.until("every message consumed", WAIT, () -> received.size() == MESSAGES);
                assertThat(toldToUseSlave).as("the client was sent to brokerId 1").isTrue();
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
        }
    }

    /** The client's record of the broker each queue is pulled from next (no accessor: read as it is kept). */
    private static PullAPIWrapper pullApi(DefaultMQPushConsumer consumer) {
        try {
            Field field = DefaultMQPushConsumerImpl.class.getDeclaredField("pullAPIWrapper");
            field.setAccessible(true);
            return (PullAPIWrapper) field.get(consumer.getDefaultMQPushConsumerImpl());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the 5.4.0 client keeps its pull API wrapper elsewhere", e);
        }
    }

    private static Properties settings(NameServerContext nameServer, String brokerId, String role) {
        Properties settings = ReplicationLoad.memberSettings("127.0.0.1:" + nameServer.port(), GROUP, brokerId, role,
            1 << 20);
        settings.setProperty("slaveReadEnable", "true");
        settings.setProperty("accessMessageInMemoryMaxRatio", "0");
        settings.setProperty("slaveMetadataSyncInterval", "200");
        return settings;
    }
}
