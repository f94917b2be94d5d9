package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestCluster;
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
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.body.ClusterInfo;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Apogee brokers behind one stand-alone Apogee name server with the official 4.9.8 clients, as the broker's
 * {@code ClusterTest} proves them with 5.4.0: the producer creates a topic on every broker of TBW102's route, the
 * topic is routed to both, sends spread over both, one consumer group drains both, and when one broker stops in the
 * middle of a stream of sends the producer moves to the other and every acknowledged message is consumed (the stopped
 * broker's once it is back on its address).
 *
 * <p>Where 5.4.0 fails a request as soon as the broker closes its connection, 4.9.8 learns of it only at the request's
 * timeout. So the one send in flight at the stop may fail (unacknowledged), and the long poll waiting on the stopped
 * broker would hold up its queue for 30 s: a new member of the group, starting from the offsets its predecessor
 * committed, reads the rest.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
@Tag("slow")
class Cluster498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String TOPIC = "Spread498";
    private static final int QUEUES = 4;
    private static final int FIRST_BATCH = 32;
    private static final int SENDS_AFTER_STOP = 32;
    private static final int MAX_STREAM_SENDS = 10_000;
    /** Short, as the send in flight when the broker stops waits for all of it. */
    private static final int SEND_TIMEOUT_MILLIS = 3_000;
    private static final Set<String> BOTH = Set.of(TestCluster.BROKER_A, TestCluster.BROKER_B);

    @TempDir
    Path dir;

    @Test
    void twoBrokersBehindOneNameServerShareATopicAndSurviveOneStopping() throws Exception {
        try (TestCluster cluster = TestCluster.start(dir)) {
            DefaultMQProducer producer = Clients498.producer(cluster.nameServer(), "PG-cluster498");
            producer.setSendLatencyFaultEnable(true);
            producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
            DefaultMQPushConsumer consumer = null;
            try {
                Await.until("both brokers registered", DEADLINE,
                    () -> routedBrokers(producer, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC).equals(BOTH));
                createTopic(producer);
                Await.until("the topic routed to both brokers", DEADLINE,
                    () -> routedBrokers(producer, TOPIC).equals(BOTH));
                ClusterInfo info = clusterInfo(producer);
                assertThat(info.getClusterAddrTable().get("DefaultCluster")).containsExactlyInAnyOrderElementsOf(BOTH);
                assertThat(info.getBrokerAddrTable().get(TestCluster.BROKER_B).getBrokerAddrs())
                    .containsEntry(0L, cluster.brokerB().address());

                Received<MessageExt> received = Clients498.received();
                consumer = groupMember(cluster, received);

                Map<String, String> acknowledged = new ConcurrentHashMap<>();
                for (int i = 0; i < FIRST_BATCH; i++) {
                    SendResult result = producer.send(message("first " + i));
                    acknowledged.put(result.getMsgId(), result.getMessageQueue().getBrokerName());
                }
                assertThat(Set.copyOf(acknowledged.values())).as("sends spread over").isEqualTo(BOTH);
                Await.until("the group to drain both brokers", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));

                SendStream stream = new SendStream(producer, acknowledged);
                int before = acknowledged.size();
                Await.until("the stream to flow", DEADLINE, () -> acknowledged.size() >= before + FIRST_BATCH / 2);
                cluster.stopB();
                stream.brokerStopped();
                stream.thread.join(DEADLINE.toMillis());
                assertThat(stream.thread.isAlive()).as("the stream finished").isFalse();
                assertThat(Set.copyOf(stream.afterStop.values())).as("brokers of the sends after the stop")
                    .containsExactly(TestCluster.BROKER_A);
                assertThat(stream.failedAfterStop.get()).as("sends begun after the stop that failed after their retries")
                    .isZero();
                // the send in flight at the stop is never answered and has no time left to retry at its timeout
                assertThat(stream.failedBeforeStop.get()).as("sends begun before the stop that failed").isLessThanOrEqualTo(1);

                cluster.restartB();
                // not the long poll stuck on the stopped broker's closed connection, but a member taking over the
                // offsets its predecessor commits on shutdown
                consumer.shutdown();
                consumer = groupMember(cluster, received);
                Await.until("every acknowledged message consumed", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));
                assertThat(Set.copyOf(acknowledged.values())).isEqualTo(BOTH);
            } finally {
                if (consumer != null) {
                    consumer.shutdown();
                }
                producer.shutdown();
            }
        }
    }

    /** A started member of the test's consumer group, reading {@link #TOPIC} from the first offset into {@code into}. */
    private static DefaultMQPushConsumer groupMember(TestCluster cluster, Received<MessageExt> into) throws Exception {
        DefaultMQPushConsumer member = Clients498.pushConsumer(cluster.nameServer(), "CG-cluster498", TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        member.start();
        return member;
    }

    /** The brokers of {@code topic}'s route as the name server gives it to the producer; none while it has none. */
    private static Set<String> routedBrokers(DefaultMQProducer producer, String topic) {
        try {
            return producer.fetchPublishMessageQueues(topic).stream().map(MessageQueue::getBrokerName)
                .collect(Collectors.toSet());
        } catch (Exception notYet) {
            return Set.of();
        }
    }

    // 4.9.8 deprecates the client's own topic creation in favour of its admin tool, which this module does not carry
    @SuppressWarnings("deprecation")
    private static void createTopic(DefaultMQProducer producer) throws Exception {
        producer.createTopic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, QUEUES);
    }

    // the cluster table is only reachable through the client's deprecated implementation accessor
    @SuppressWarnings("deprecation")
    private static ClusterInfo clusterInfo(DefaultMQProducer producer) throws Exception {
        return producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl().getBrokerClusterInfo(10_000);
    }

    private static Message message(String body) {
        return new Message(TOPIC, "TagA", body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sync sends on a thread of their own until {@value #SENDS_AFTER_STOP} sends begun after {@link #brokerStopped()}
     * are acknowledged, recording every acknowledged send's broker and counting sends that fail after their retries,
     * by whether they began before or after the stop.
     */
    private static final class SendStream {
        private final Map<String, String> afterStop = new ConcurrentHashMap<>();
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicInteger failedBeforeStop = new AtomicInteger();
        private final AtomicInteger failedAfterStop = new AtomicInteger();
        private final Thread thread;

        SendStream(DefaultMQProducer producer, Map<String, String> acknowledged) {
            this.thread = Thread.ofPlatform().name("cluster498-sender").start(() -> {
                // bounded, so that a broken failover fails the test instead of spinning on
                for (int i = 0; afterStop.size() < SENDS_AFTER_STOP && i < MAX_STREAM_SENDS; i++) {
                    boolean startedAfterStop = stopped.get();
                    try {
                        SendResult result = producer.send(message("stream " + i));
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
                        (startedAfterStop ? failedAfterStop : failedBeforeStop).incrementAndGet();
                    }
                }
            });
        }

        void brokerStopped() {
            stopped.set(true);
        }
    }
}
