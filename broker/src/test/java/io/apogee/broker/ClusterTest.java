package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Apogee brokers behind one stand-alone Apogee name server, with the official 5.4.0 clients knowing only the name
 * server: a topic created on both is routed to both, producers spread over both, one consumer group drains both, and
 * when one broker stops in the middle of a stream of sends the producer moves to the other, and every acknowledged
 * message is consumed (the stopped broker's once it is back on its address).
 */
@Tag("slow")
class ClusterTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String TOPIC = "Spread";
    private static final int FIRST_BATCH = 64;
    private static final int SENDS_AFTER_STOP = 64;

    @TempDir
    Path dir;

    @Test
    void twoBrokersBehindOneNameServerShareATopicAndSurviveOneStopping() throws Exception {
        try (TestCluster cluster = TestCluster.start(dir)) {
            String address = cluster.nameServer();
            DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
            admin.setNamesrvAddr(address);
            admin.setInstanceName("cluster-admin-" + System.nanoTime());
            DefaultMQProducer producer = null;
            DefaultMQPushConsumer consumer = null;
            try {
                admin.start();
                admin.createAndUpdateTopicConfig(cluster.brokerA().address(), new TopicConfig(TOPIC, 4, 4, 6));
                admin.createAndUpdateTopicConfig(cluster.brokerB().address(), new TopicConfig(TOPIC, 4, 4, 6));
                Await.until("the topic routed to both brokers", DEADLINE,
                    () -> routedBrokers(admin).equals(Set.of(TestCluster.BROKER_A, TestCluster.BROKER_B)));
                ClusterInfo info = admin.examineBrokerClusterInfo();
                assertThat(info.getClusterAddrTable().get("DefaultCluster"))
                    .containsExactlyInAnyOrder(TestCluster.BROKER_A, TestCluster.BROKER_B);
                assertThat(info.getBrokerAddrTable().get(TestCluster.BROKER_B).getBrokerAddrs())
                    .containsEntry(0L, cluster.brokerB().address());

                producer = OfficialClients.producer(address, "PG-cluster");
                producer.setSendLatencyFaultEnable(true);
                Received<MessageExt> received = OfficialClients.received();
                consumer = OfficialClients.pushConsumer(address, "CG-cluster", TOPIC, "*",
                    ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
                // the consumer keeps the route it starts with, so the stopped broker's queues stay assigned to it
                consumer.setPollNameServerInterval((int) Duration.ofMinutes(10).toMillis());
                consumer.start();

                Map<String, String> acknowledged = new ConcurrentHashMap<>();
                for (int i = 0; i < FIRST_BATCH; i++) {
                    SendResult result = producer.send(message("first " + i));
                    acknowledged.put(result.getMsgId(), result.getMessageQueue().getBrokerName());
                }
                assertThat(Set.copyOf(acknowledged.values())).as("sends spread over")
                    .containsExactlyInAnyOrder(TestCluster.BROKER_A, TestCluster.BROKER_B);
                Await.until("the group to drain both brokers", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));

                Map<String, String> afterStop = new ConcurrentHashMap<>();
                AtomicBoolean stopped = new AtomicBoolean();
                AtomicInteger failed = new AtomicInteger();
                DefaultMQProducer sender = producer;
                Thread stream = Thread.ofPlatform().name("cluster-sender").start(() -> {
                    for (int i = 0; afterStop.size() < SENDS_AFTER_STOP; i++) {
                        boolean startedAfterStop = stopped.get();
                        try {
                            SendResult result = sender.send(message("stream " + i));
                            if (result.getSendStatus() == SendStatus.SEND_OK) {
                                acknowledged.put(result.getMsgId(), result.getMessageQueue().getBrokerName());
                                if (startedAfterStop) {
                                    afterStop.put(result.getMsgId(), result.getMessageQueue().getBrokerName());
                                }
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        } catch (Exception e) {
                            failed.incrementAndGet();
                        }
                    }
                });
                int before = acknowledged.size();
                Await.until("the stream to flow", DEADLINE, () -> acknowledged.size() >= before + FIRST_BATCH / 2);
                cluster.stopB();
                stopped.set(true);
                stream.join(DEADLINE.toMillis());
                assertThat(stream.isAlive()).as("the stream finished").isFalse();
                assertThat(Set.copyOf(afterStop.values())).as("brokers of the sends after the stop")
                    .containsExactly(TestCluster.BROKER_A);
                assertThat(failed.get()).as("sends that failed after their retries").isZero();

                cluster.restartB();
                Await.until("every acknowledged message consumed", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));
                assertThat(Set.copyOf(acknowledged.values())).contains(TestCluster.BROKER_A, TestCluster.BROKER_B);
            } finally {
                if (consumer != null) {
                    consumer.shutdown();
                }
                if (producer != null) {
                    producer.shutdown();
                }
                admin.shutdown();
            }
        }
    }

    private static Set<String> routedBrokers(DefaultMQAdminExt admin) {
        try {
            return admin.examineTopicRouteInfo(TOPIC).getQueueDatas().stream().map(QueueData::getBrokerName)
                .collect(Collectors.toSet());
        } catch (Exception notYet) {
            return Set.of();
        }
    }

    private static Message message(String body) {
        return new Message(TOPIC, "TagA", body.getBytes(StandardCharsets.UTF_8));
    }
}
