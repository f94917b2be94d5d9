package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two brokers behind one stand-alone name server, with a client knowing only the name server: the producer creates a
 * topic on every broker of TBW102's route, the topic is routed to both, sends spread over both, one consumer group
 * drains both, and when one broker stops in the middle of a stream of sends the producer moves to the other and every
 * acknowledged message is consumed (the stopped broker's once it is back on its address).
 *
 * <p>Where a client learns of a closed connection only at the request's timeout (4.9.8), the one send in flight at the
 * stop may fail (unacknowledged), and the long poll waiting on the stopped broker would hold up its queue for 30 s: a
 * new member of the group, starting from the offsets its predecessor committed, reads the rest. A client that fails
 * such requests at once (5.4.0) loses no send, and its first member reads everything.
 *
 * <p>A subclass names the client and the cluster. JUnit runs each test on one thread.
 */
@Tag("slow")
public abstract class ClusterScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String BROKER_A = "broker-a";
    private static final String BROKER_B = "broker-b";
    private static final Set<String> BOTH = Set.of(BROKER_A, BROKER_B);
    private static final String TOPIC = "Spread";
    private static final String GROUP = "CG-cluster";
    private static final int QUEUES = 4;
    private static final int FIRST_BATCH = 64;
    private static final int SENDS_AFTER_STOP = 64;
    private static final int MAX_STREAM_SENDS = 10_000;
    /** Short, as the send in flight when the broker stops may wait for all of it. */
    private static final int SEND_TIMEOUT_MILLIS = 3_000;

    private final ClientDriver driver;
    private final ClusterUnderTest.Starter cluster;

    /** Scenarios run by {@code driver}'s client against the clusters {@code cluster} starts. */
    protected ClusterScenarios(ClientDriver driver, ClusterUnderTest.Starter cluster) {
        this.driver = driver;
        this.cluster = cluster;
    }

    @Test
    void twoBrokersBehindOneNameServerShareATopicAndSurviveOneStopping(@TempDir Path dir) throws Exception {
        try (ClusterUnderTest brokers = cluster.start(dir);
             DriverProducer producer = driver.producer(brokers.nameServer(), "PG-cluster")) {
            producer.failOver(SEND_TIMEOUT_MILLIS);
            Await.until("both brokers registered", DEADLINE, () -> producer.routedBrokers("TBW102").equals(BOTH));
            producer.createTopic(TOPIC, QUEUES);
            Await.until("the topic routed to both brokers", DEADLINE, () -> producer.routedBrokers(TOPIC).equals(BOTH));
            ClusterView info = producer.clusterInfo();
            assertThat(info.brokersByCluster().get("DefaultCluster")).containsExactlyInAnyOrderElementsOf(BOTH);
            assertThat(info.addressesByBroker().get(BROKER_B)).containsEntry(0L, brokers.brokerAddress(BROKER_B));

            Received<Incoming> received = Received.incoming();
            DriverPushConsumer consumer = groupMember(brokers, received);
            try {
                Map<String, String> acknowledged = new ConcurrentHashMap<>();
                for (int i = 0; i < FIRST_BATCH; i++) {
                    SendReceipt receipt = producer.send(message("first " + i));
                    assertThat(receipt.ok()).isTrue();
                    acknowledged.put(receipt.msgId(), receipt.brokerName());
                }
                assertThat(Set.copyOf(acknowledged.values())).as("sends spread over").isEqualTo(BOTH);
                Await.until("the group to drain both brokers", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));

                SendStream stream = new SendStream(producer, acknowledged);
                int before = acknowledged.size();
                Await.until("the stream to flow", DEADLINE, () -> acknowledged.size() >= before + FIRST_BATCH / 2);
                brokers.stopB();
                stream.brokerStopped();
                stream.thread.join(DEADLINE.toMillis());
                assertThat(stream.thread.isAlive()).as("the stream finished").isFalse();
                assertThat(stream.afterStop).as("sends acknowledged after the stop").hasSize(SENDS_AFTER_STOP);
                assertThat(Set.copyOf(stream.afterStop.values())).as("brokers of the sends after the stop")
                    .containsExactly(BROKER_A);
                assertThat(stream.failedAfterStop.get()).as("sends begun after the stop that failed after their retries")
                    .isZero();
                // a send in flight at the stop is retried elsewhere, unless it is never answered and has no time left
                assertThat(stream.failedBeforeStop.get()).as("sends begun before the stop that failed")
                    .isLessThanOrEqualTo(driver.failsRequestsOnClosedConnections() ? 0 : 1);

                brokers.restartB();
                if (!driver.failsRequestsOnClosedConnections()) {
                    // not the long poll stuck on the stopped broker's closed connection, but a member taking over the
                    // offsets its predecessor commits on shutdown
                    consumer.close();
                    consumer = groupMember(brokers, received);
                }
                Await.until("every acknowledged message consumed", DEADLINE,
                    () -> received.messages().keySet().containsAll(acknowledged.keySet()));
                assertThat(Set.copyOf(acknowledged.values())).isEqualTo(BOTH);
            } finally {
                consumer.close();
            }
        }
    }

    /** A started member of the test's consumer group, reading {@link #TOPIC} from the first offset into {@code into}. */
    private DriverPushConsumer groupMember(ClusterUnderTest brokers, Received<Incoming> into) throws Exception {
        // the member keeps the route it starts with, so the stopped broker's queues stay assigned to it
        DriverPushConsumer member = driver.pushConsumer(brokers.nameServer(), PushSpec.of(GROUP, TOPIC).keepingRoute(),
            into::record);
        try {
            member.start();
        } catch (Exception e) {
            member.close();
            throw e;
        }
        return member;
    }

    private static Outgoing message(String body) {
        return Outgoing.of(TOPIC, "TagA", "", body);
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

        SendStream(DriverProducer producer, Map<String, String> acknowledged) {
            this.thread = Thread.ofPlatform().name("cluster-sender").start(() -> {
                // bounded, so that a broken failover fails the test instead of spinning on
                for (int i = 0; afterStop.size() < SENDS_AFTER_STOP && i < MAX_STREAM_SENDS; i++) {
                    boolean startedAfterStop = stopped.get();
                    try {
                        SendReceipt receipt = producer.send(message("stream " + i));
                        if (receipt.ok()) {
                            acknowledged.put(receipt.msgId(), receipt.brokerName());
                            if (startedAfterStop) {
                                afterStop.put(receipt.msgId(), receipt.brokerName());
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
