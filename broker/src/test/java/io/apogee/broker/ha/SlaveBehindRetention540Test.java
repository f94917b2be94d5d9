package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.ManualClock;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.retention.RetentionConfig;
import io.apogee.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apogee master whose first segment retention deleted, and an empty Apogee slave, in one process with a stand-alone
 * name server. The slave reports 0, before the master's first offset: the master starts it at the start of its last
 * segment, as RocketMQ's master does, and the slave's log begins there. From there it is the master's byte for byte,
 * and a 5.4.0 pull consumer on brokerId 1 gets every message from that offset on, and is moved up from offset 0.
 */
@Tag("slow")
// DefaultMQPullConsumer is deprecated, but it is the official client that lets the test choose brokerId 1
@SuppressWarnings("deprecation")
class SlaveBehindRetention540Test {
    private static final int SEGMENT = 1 << 20;
    private static final long HOUR = TimeUnit.HOURS.toMillis(1);
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void anEmptySlaveBeginsAtTheStartOfTheMastersLastSegment() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("SlaveBehindRetention540Test seed " + seed);
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("scanNotActiveBrokerInterval", "200");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), settings(nameServerAddress, "0", "ASYNC_MASTER"));
            TestBroker slave = null;
            DefaultMQProducer producer = new DefaultMQProducer("ha-producer");
            DefaultMQPullConsumer masterConsumer = new DefaultMQPullConsumer("ha-master-reader");
            DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("ha-consumer");
            try {
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
                ReplicationLoad.createTopics(admin, master.address());
                Map<String, byte[]> sent = ReplicationLoad.send(producer, new Random(seed));
                long end = master.context().store().logEnd();
                assertThat(end).as("the log spans more than two segments").isGreaterThan(2L * SEGMENT);
                StoreConfig store = master.context().store().config();
                master.close();
                deleteFirstSegment(store);
                master = TestBroker.start(dir.resolve("master"), settings(nameServerAddress, "0", "ASYNC_MASTER"));
                assertThat(master.context().store().logStart()).isEqualTo(SEGMENT);
                long begin = end - end % SEGMENT;
                assertThat(begin).as("the last segment is not the first one kept").isGreaterThan(SEGMENT);

                slave = TestBroker.start(dir.resolve("slave"), settings(nameServerAddress, "1", "SLAVE"));
                ReplicationLoad.createTopics(admin, slave.address());
                TestBroker replica = slave;
                TestBroker source = master;
                Await.until("the empty slave holds the master's last segment up to " + end, WAIT,
                    () -> replica.context().store().logEnd() == end);
                Await.until("the master records the slave's ack of " + end, WAIT,
                    () -> source.context().replicaAcks().ackedOffset() == end);
                assertThat(slave.context().store().logStart()).as("the start of the master's last segment")
                    .isEqualTo(begin);
                ReplicationLoad.assertSameLog(store.commitLogDirectory(),
                    slave.context().store().config().commitLogDirectory(), begin, end, SEGMENT);

                masterConsumer.setNamesrvAddr(nameServerAddress);
                masterConsumer.setInstanceName("master-reader");
                masterConsumer.start();
                for (String topic : ReplicationLoad.TOPICS) {
                    masterConsumer.fetchSubscribeMessageQueues(topic); // the route is cached now
                }
                Map<String, MessageExt> onMaster = ReplicationLoad.pullFromFirst(masterConsumer, new HashMap<>());
                String slaveAddress = slave.address();
                Await.until("the route of both topics names the master as id 0 and the slave as id 1", WAIT, () ->
                    Arrays.stream(ReplicationLoad.TOPICS).allMatch(topic ->
                        ReplicationLoad.bothListed(admin, topic, source.address(), slaveAddress)));
                ReplicationLoad.slaveConsumer(consumer, nameServerAddress);
                master.close(); // every pull below can only be answered by the slave
                Map<MessageQueue, Long> firsts = new HashMap<>();
                Map<String, MessageExt> onSlave = ReplicationLoad.pullFromFirst(consumer, firsts);
                ReplicationLoad.assertSlaveServesFrom(begin, onMaster, firsts, onSlave, sent);
                for (Map.Entry<MessageQueue, Long> first : firsts.entrySet()) {
                    assertThat(admin.getMinOffset(slaveAddress, first.getKey(), 3_000)).as("GET_MIN_OFFSET")
                        .isEqualTo(first.getValue());
                }
            } finally {
                consumer.shutdown();
                masterConsumer.shutdown();
                producer.shutdown();
                if (slave != null) {
                    slave.close();
                }
                master.close();
            }
        }
    }

    /**
     * Opens the stopped master's store two hours after now with a retention time of one hour and one deletion per
     * check, and lets retention run once: it deletes the first segment, and the queues' starts follow.
     */
    private static void deleteFirstSegment(StoreConfig config) throws InterruptedException {
        StoreConfig retaining = config.withRetention(
            new RetentionConfig(HOUR, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, HOUR, 1));
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (MessageStore store = MessageStore.open(retaining, new NioFileIo(),
            new ManualClock(System.currentTimeMillis() + 2 * HOUR), (role, error) -> errors.add(error))) {
            store.start();
            Await.until("retention deleted the first segment", WAIT, () -> store.logStart() == SEGMENT);
        }
        assertThat(errors).isEmpty();
    }

    private static Properties settings(String nameServer, String brokerId, String role) {
        Properties settings = ReplicationLoad.memberSettings(nameServer, ReplicationLoad.GROUP, brokerId, role, SEGMENT);
        settings.setProperty("haTransferBatchSize", "16384");
        settings.setProperty("slaveReadEnable", "true");
        return settings;
    }
}
