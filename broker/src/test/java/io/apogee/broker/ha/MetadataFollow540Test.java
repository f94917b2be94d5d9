package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master and its slave in one process, with the official 5.4.0 clients: the slave copies its master's topics (and
 * drops one only it had), its subscription groups, a group's committed offsets and the delay-level progress; once the master is gone, the
 * group's consumer on the slave resumes where it committed on the master, getting exactly the messages it had not.
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topics, as MasterSlave540Test does
@SuppressWarnings("deprecation")
class MetadataFollow540Test {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String TOPIC = ReplicationLoad.TOPICS[0];
    private static final String CONSUMER_GROUP = "follow-consumers";
    private static final int QUEUES = ReplicationLoad.QUEUES;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void theSlaveTakesTheMastersTopicsAndOffsetsAndAConsumerResumesThereWhenTheMasterIsGone() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), settings(nameServerAddress, "0", "ASYNC_MASTER"));
            TestBroker slave = null;
            DefaultMQProducer producer = new DefaultMQProducer("follow-producer");
            try {
                slave = TestBroker.start(dir.resolve("slave"), settings(nameServerAddress, "1", "SLAVE"));
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                ConsumerOffsetTable masterOffsets = master.context().metadata().offsets();
                MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
                ReplicationLoad.createTopics(admin, master.address());
                admin.createTopic(slave.address(), "TBW102", new TopicConfig("SlaveOnly", 1, 1), 3_000);
                for (int i = 0; i < 40; i++) {
                    assertThat(producer.send(message("before-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                }
                Set<String> first = ConcurrentHashMap.newKeySet();
                DefaultMQPushConsumer consumer = consumer(nameServerAddress, first);
                try {
                    Await.until("40 messages consumed and committed on the master", WAIT,
                        () -> first.size() == 40 && committed(masterOffsets) == 40);
                } finally {
                    consumer.shutdown();
                }
                Message delayed = message("delayed");
                delayed.setDelayTimeLevel(1);
                assertThat(producer.send(delayed).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                Await.until("the delay level's progress on the master", WAIT,
                    () -> delayProgress(masterOffsets) == 1);

                ConsumerOffsetTable slaveOffsets = slave.context().metadata().offsets();
                TestBroker follower = slave;
                Await.until("the slave holds the master's topics, groups, offsets and delay progress", WAIT,
                    () -> follower.context().metadata().topics().get(TOPIC) != null
                        && follower.context().metadata().groups().get(CONSUMER_GROUP) != null
                        && follower.context().metadata().topics().get("SlaveOnly") == null
                        && committed(slaveOffsets) == 40 && delayProgress(slaveOffsets) == 1);
                for (int queue = 0; queue < QUEUES; queue++) {
                    assertThat(slaveOffsets.offset(CONSUMER_GROUP, TOPIC, queue)).as("queue " + queue)
                        .isEqualTo(masterOffsets.offset(CONSUMER_GROUP, TOPIC, queue));
                }

                for (int i = 0; i < 10; i++) {
                    assertThat(producer.send(message("after-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                }
                long end = master.context().store().logEnd();
                Await.until("the slave holds the master's log", WAIT, () -> follower.context().store().logEnd() == end);
                master.close();
                master = null;

                Set<String> second = ConcurrentHashMap.newKeySet();
                DefaultMQPushConsumer resumed = consumer(nameServerAddress, second);
                try {
                    // the delayed message reached its topic after the first consumer had stopped
                    Await.until("the 11 later messages consumed from the slave", WAIT, () -> second.size() >= 11);
                    assertThat(second).as("exactly what the group had not consumed")
                        .containsExactlyInAnyOrder("delayed", "after-0", "after-1", "after-2", "after-3", "after-4", "after-5",
                            "after-6", "after-7", "after-8", "after-9");
                } finally {
                    resumed.shutdown();
                }
            } finally {
                producer.shutdown();
                if (slave != null) {
                    slave.close();
                }
                if (master != null) {
                    master.close();
                }
            }
        }
    }

    private static Message message(String key) {
        Message message = new Message(TOPIC, "follow", key.getBytes(StandardCharsets.UTF_8));
        message.setKeys(key);
        return message;
    }

    private static DefaultMQPushConsumer consumer(String nameServer, Set<String> into) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(CONSUMER_GROUP);
        consumer.setNamesrvAddr(nameServer);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPersistConsumerOffsetInterval(500);
        consumer.subscribe(TOPIC, "follow");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt message : messages) {
                into.add(message.getKeys());
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }

    private static long committed(ConsumerOffsetTable offsets) {
        long sum = 0;
        for (int queue = 0; queue < QUEUES; queue++) {
            sum += Math.max(0, offsets.offset(CONSUMER_GROUP, TOPIC, queue));
        }
        return sum;
    }

    private static long delayProgress(ConsumerOffsetTable offsets) {
        return offsets.offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, 0);
    }

    private static Properties settings(String nameServer, String brokerId, String role) {
        Properties settings = ReplicationLoad.memberSettings(nameServer, GROUP, brokerId, role, 1 << 20);
        settings.setProperty("slaveReadEnable", "true");
        settings.setProperty("slaveMetadataSyncInterval", "200");
        return settings;
    }
}
