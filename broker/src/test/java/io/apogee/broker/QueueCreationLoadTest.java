package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.topic.Permission;
import io.apogee.store.MessageStore;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One official 5.4.0 producer makes a new queue with every message (2,000 queues) while another sends to a queue that
 * exists: every send of the well-behaved one is answered and dispatched to its queue within a generous bound. Slow:
 * thousands of consume-queue files made and forced.
 */
@Tag("slow")
class QueueCreationLoadTest {
    private static final int NEW_QUEUES = 2_000;
    private static final int QUEUES_PER_TOPIC = 1_000;
    private static final int CALM_SENDS = 50;
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aWellBehavedProducersSendsAreAnsweredAndDispatchedWhileAnotherMakesThousandsOfQueues() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            createTopics(broker);
            DefaultMQProducer crowd = OfficialClients.producer(broker.address(), "PG-crowd");
            DefaultMQProducer calm = OfficialClients.producer(broker.address(), "PG-calm");
            AtomicInteger made = new AtomicInteger();
            Thread maker = Thread.ofPlatform().name("queue-maker").start(() -> {
                try {
                    for (int i = 0; i < NEW_QUEUES; i++) {
                        String topic = "Crowd" + i / QUEUES_PER_TOPIC;
                        crowd.send(new Message(topic, "x".getBytes(StandardCharsets.UTF_8)),
                            new MessageQueue(topic, "broker-a", i % QUEUES_PER_TOPIC));
                        made.incrementAndGet();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                MessageStore store = broker.context().store();
                for (int i = 0; i < CALM_SENDS; i++) {
                    assertThat(calm.send(new Message("Calm", ("m" + i).getBytes(StandardCharsets.UTF_8)),
                        new MessageQueue("Calm", "broker-a", 0)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                }
                Await.until("the calm producer's messages dispatched", BOUND, () -> store.maxOffset("Calm", 0) == CALM_SENDS);
                maker.join(BOUND.toMillis());
                assertThat(made.get()).as("every new queue made").isEqualTo(NEW_QUEUES);
                Await.until("the crowd's messages dispatched", BOUND,
                    () -> store.maxOffset("Crowd1", QUEUES_PER_TOPIC - 1) == 1);
            } finally {
                maker.join(BOUND.toMillis());
                crowd.shutdown();
                calm.shutdown();
            }
        }
    }

    /** The topics, with all their queues, put straight into the broker's table before the first send. */
    private static void createTopics(TestBroker broker) {
        for (String topic : new String[] {"Crowd0", "Crowd1", "Calm"}) {
            broker.context().metadata().topics().put(new TopicConfig(topic, QUEUES_PER_TOPIC, QUEUES_PER_TOPIC,
                Permission.READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
        }
    }
}
