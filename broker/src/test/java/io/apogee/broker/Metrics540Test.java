package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Prometheus endpoint with the official 5.4.0 clients: after a known load its figures equal what was sent and
 * consumed, under RocketMQ 5's names and labels; a group's lag (messages and time) rises while its consumer is stopped
 * and falls back to 0 when it resumes; transactions committed and rolled back and messages sent to the dead letters
 * are counted; and the endpoint's port is free again once the broker is closed.
 */
@Tag("slow")
class Metrics540Test {
    private static final String HOST = "127.0.0.1";
    private static final String TOPIC = "MetricsTopic";
    private static final String GROUP = "metrics-consumers";
    private static final int FIRST = 120;
    private static final int SECOND = 45;
    private static final byte[] BODY = new byte[100];
    private static final String TX_TOPIC = "MetricsTxTopic";
    private static final String DLQ_GROUP = "metrics-dead";
    private static final int COMMITTED = 7;
    private static final int ROLLED_BACK = 4;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void figuresEqualTheLoadAndLagFollowsTheConsumer() throws Exception {
        int port = Ports.free();
        Map<String, String> settings = Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", HOST,
            "metricsPromExporterPort", Integer.toString(port), "brokerClusterName", "MetricsCluster",
            "brokerName", "metrics-broker");
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            String nameServer = broker.address();
            DefaultMQProducer producer = producer(nameServer);
            try {
                send(producer, FIRST);
                Received<MessageExt> received = OfficialClients.received();
                DefaultMQPushConsumer consumer = consumer(nameServer, received);
                Await.until("the first messages consumed", WAIT, () -> received.total() >= FIRST);
                awaitLag(port, 0);
                PrometheusScrape running = PrometheusScrape.of(HOST, port);
                assertThat(running.sum("rocketmq_consumer_connections", "consumer_group", GROUP, "consume_mode", "push",
                    "language", "java")).as(running.toString()).isEqualTo(1);
                consumer.shutdown();

                send(producer, SECOND);
                awaitLag(port, SECOND);
                Await.until("the oldest unconsumed message to have waited", WAIT, () -> lagLatency(port) > 0);

                Received<MessageExt> resumed = OfficialClients.received();
                DefaultMQPushConsumer again = consumer(nameServer, resumed);
                try {
                    Await.until("the second messages consumed", WAIT, () -> resumed.total() >= SECOND);
                    awaitLag(port, 0);
                    assertThat(lagLatency(port)).as("nothing waits").isZero();
                } finally {
                    again.shutdown();
                }
                assertThat(received.maxCount()).as("each message consumed once").isEqualTo(1);
                assertThat(resumed.total()).isEqualTo(SECOND);
                assertFiguresEqualTheLoad(PrometheusScrape.of(HOST, port));
                // the producer's group and its client's inner producer group (CLIENT_INNER_PRODUCER), as RocketMQ
                // counts them; known from the producer's heartbeats
                Await.until("the producer's connections counted", WAIT, () -> PrometheusScrape.of(HOST, port)
                    .sum("rocketmq_producer_connections", "language", "java", "protocol_type", "remoting") == 2);
            } finally {
                producer.shutdown();
            }
        }
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
            assertThat(again.getLocalPort()).as("the endpoint's port, freed with the broker").isEqualTo(port);
        }
    }

    private static void assertFiguresEqualTheLoad(PrometheusScrape scrape) {
        String[] broker = {"cluster", "MetricsCluster", "node_type", "broker", "node_id", "metrics-broker"};
        String[] topic = {"topic", TOPIC, "is_system", "false"};
        String[] delivered = {"topic", TOPIC, "consumer_group", GROUP, "is_retry", "false"};
        int total = FIRST + SECOND;
        assertThat(scrape.sum("rocketmq_messages_in_total", concat(broker, topic))).as(scrape.toString())
            .isEqualTo(total);
        assertThat(scrape.sum("rocketmq_messages_out_total", concat(broker, delivered))).isEqualTo(total);
        double bytesIn = scrape.sum("rocketmq_throughput_in_total", topic);
        assertThat(bytesIn).as("stored bytes: more than the bodies").isGreaterThan(total * BODY.length);
        assertThat(scrape.sum("rocketmq_throughput_out_total", delivered)).as("each stored message delivered once")
            .isEqualTo(bytesIn);
        assertThat(scrape.sum("rocketmq_message_size_count", concat(broker, topic))).as("one size per send")
            .isEqualTo(total);
        assertThat(scrape.sum("rocketmq_message_size_sum", topic)).isEqualTo(bytesIn);
        assertThat(scrape.sum("rocketmq_message_size_bucket", "topic", TOPIC, "le", "1024.0")).as("each under 1 KiB")
            .isEqualTo(total);
        assertThat(scrape.sum("rocketmq_topic_number", broker)).isGreaterThanOrEqualTo(1);
        assertThat(scrape.sum("rocketmq_consumer_group_number", broker)).isGreaterThanOrEqualTo(1);
        assertThat(scrape.sum("rocketmq_consumer_connections", "consumer_group", GROUP)).as("consumer stopped")
            .isZero();
        assertThat(scrape.sum("rocketmq_storage_size_bytes", broker)).isPositive();
        assertThat(scrape.has("rocketmq_storage_flush_behind_bytes")).isTrue();
        assertThat(scrape.has("rocketmq_storage_dispatch_behind_bytes")).isTrue();
        assertThat(scrape.sum("jvm_memory_used_bytes", "jvm_memory_type", "heap")).isPositive();
        assertThat(scrape.sum("jvm_thread_count")).isPositive();
    }

    @Test
    void transactionsAndDeadLettersAreCounted() throws Exception {
        int port = Ports.free();
        Map<String, String> settings = Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", HOST,
            "metricsPromExporterPort", Integer.toString(port));
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            String nameServer = broker.address();
            TransactionMQProducer producer = OfficialClients.transactionProducer(nameServer, "metrics-tx",
                new DecideByKey());
            try {
                for (int i = 0; i < COMMITTED + ROLLED_BACK; i++) {
                    Message message = new Message(TX_TOPIC, "TagT", i < COMMITTED ? "commit" : "rollback", BODY);
                    assertThat(producer.sendMessageInTransaction(message, null).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
                }
                // the producer ends each transaction with a one-way request: the broker resolves it a little later
                Await.until("every transaction resolved", WAIT, () -> {
                    PrometheusScrape resolved = PrometheusScrape.of(HOST, port);
                    return resolved.sum("rocketmq_half_messages") == 0
                        && resolved.sum("rocketmq_commit_messages_total", "topic", TX_TOPIC) == COMMITTED
                        && resolved.sum("rocketmq_rollback_messages_total", "topic", TX_TOPIC) == ROLLED_BACK;
                });
                PrometheusScrape scrape = PrometheusScrape.of(HOST, port);
                assertThat(scrape.sum("rocketmq_messages_in_total", "topic", TX_TOPIC)).as("only the committed")
                    .isEqualTo(COMMITTED);

                Received<MessageExt> failed = OfficialClients.received();
                DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(nameServer, DLQ_GROUP, TX_TOPIC, "*",
                    ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, (Consumer<MessageExt>) message -> { });
                consumer.setMaxReconsumeTimes(0); // a first failure goes to the dead letters
                consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                    messages.forEach(failed::record);
                    return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                });
                consumer.start();
                try {
                    Await.until("the committed messages sent to the dead letters", WAIT, () -> PrometheusScrape
                        .of(HOST, port).sum("rocketmq_send_to_dlq_messages_total", "consumer_group", DLQ_GROUP)
                        == COMMITTED);
                } finally {
                    consumer.shutdown();
                }
            } finally {
                producer.shutdown();
            }
            assertThat(PrometheusScrape.of(HOST, port).has("rocketmq_timing_messages")).isTrue();
        }
    }

    /** Commits a message keyed "commit", rolls back the others, at once. */
    private static final class DecideByKey implements TransactionListener {
        @Override
        public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
            return "commit".equals(message.getKeys()) ? LocalTransactionState.COMMIT_MESSAGE
                : LocalTransactionState.ROLLBACK_MESSAGE;
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt message) {
            return executeLocalTransaction(message, null);
        }
    }

    private static long lagLatency(int port) throws IOException, InterruptedException {
        return (long) PrometheusScrape.of(HOST, port).sum("rocketmq_consumer_lag_latency_milliseconds",
            "consumer_group", GROUP, "topic", TOPIC);
    }

    private static void awaitLag(int port, long expected) throws InterruptedException {
        Await.until("the lag of " + GROUP + " on " + TOPIC + " to be " + expected, WAIT, () -> {
            PrometheusScrape scrape = PrometheusScrape.of(HOST, port);
            return scrape.matching("rocketmq_consumer_lag_messages", "consumer_group", GROUP, "topic", TOPIC).size() == 1
                && scrape.sum("rocketmq_consumer_lag_messages", "consumer_group", GROUP, "topic", TOPIC) == expected;
        });
    }

    private static DefaultMQProducer producer(String nameServer) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("metrics-producers");
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("metrics-producers-" + System.nanoTime());
        producer.setClientIP(HOST);
        producer.setHeartbeatBrokerInterval(500); // the broker learns the producer's connection from its heartbeats
        producer.setSendMsgTimeout(10_000);
        producer.start();
        return producer;
    }

    private static DefaultMQPushConsumer consumer(String nameServer, Received<MessageExt> into) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(nameServer, GROUP, TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        consumer.setPersistConsumerOffsetInterval(500);
        consumer.start();
        return consumer;
    }

    private static void send(DefaultMQProducer producer, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            assertThat(producer.send(new Message(TOPIC, "TagM", BODY)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
    }

    private static String[] concat(String[] first, String[] second) {
        String[] both = new String[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
