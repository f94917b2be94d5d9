package io.apogee.compat.v4;

import io.apogee.broker.TestBroker;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * The official 4.9.8 clients set up for a test broker: loopback address, a unique instance name each. It mirrors the
 * broker tests' helper for the 5.4.0 clients: the two versions' classes cannot share a class path, so neither can
 * helpers compiled against them.
 */
final class Clients498 {
    private Clients498() {
    }

    /** A started producer of {@code group} using {@code nameServer}. */
    static DefaultMQProducer producer(String nameServer, String group) throws Exception {
        DefaultMQProducer producer = configure(new DefaultMQProducer(group), nameServer, group);
        producer.setSendMsgTimeout(10_000);
        producer.start();
        return producer;
    }

    /** Shuts {@code producer} down and closes {@code broker}; either may be null, when a class's set-up failed part-way. */
    static void stop(DefaultMQProducer producer, TestBroker broker) {
        if (producer != null) {
            producer.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** A started transactional producer of {@code group} using {@code nameServer}, asking {@code listener}. */
    static TransactionMQProducer transactionProducer(String nameServer, String group, TransactionListener listener)
        throws Exception {
        TransactionMQProducer producer = configure(new TransactionMQProducer(group), nameServer, group);
        producer.setHeartbeatBrokerInterval(500); // the broker learns the producer's connection from its heartbeats
        producer.setSendMsgTimeout(10_000);
        producer.setTransactionListener(listener);
        producer.start();
        return producer;
    }

    /** A collector of official messages, by message id. */
    static Received<MessageExt> received() {
        return new Received<>(MessageExt::getMsgId);
    }

    /** A push consumer of {@code group}, not started, recording what it consumes into {@code into}. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, String group, String topic, String expression,
        ConsumeFromWhere from, Received<MessageExt> into) throws Exception {
        return pushConsumer(nameServer, group, topic, expression, from, (Consumer<MessageExt>) into::record);
    }

    /** A push consumer of {@code group}, not started, handing what it consumes to {@code into}. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, String group, String topic, String expression,
        ConsumeFromWhere from, Consumer<MessageExt> into) throws Exception {
        DefaultMQPushConsumer consumer = configure(new DefaultMQPushConsumer(group), nameServer, group);
        consumer.setConsumeFromWhere(from);
        consumer.subscribe(topic, expression);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(into);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    /** The first message a new push consumer of {@code group} receives from {@code topic}, waiting up to {@code deadline}. */
    static MessageExt firstMessage(String nameServer, String group, String topic, Duration deadline) throws Exception {
        Received<MessageExt> received = received();
        DefaultMQPushConsumer reader = pushConsumer(nameServer, group, topic, "*", ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
            received);
        reader.start();
        try {
            Await.until("a message of " + topic, deadline, () -> received.total() > 0);
        } finally {
            reader.shutdown();
        }
        return received.messages().values().iterator().next();
    }

    /** A lite pull consumer of {@code group}, not started. */
    static DefaultLitePullConsumer litePullConsumer(String nameServer, String group) {
        DefaultLitePullConsumer consumer = configure(new DefaultLitePullConsumer(group), nameServer, group);
        consumer.setPollTimeoutMillis(1_000);
        return consumer;
    }

    /** The queue ids of {@code topic} the push consumer holds now. */
    static Set<Integer> queueIds(DefaultMQPushConsumer consumer, String topic) {
        return processQueues(consumer, topic).keySet().stream().map(MessageQueue::getQueueId).collect(Collectors.toSet());
    }

    /** How many queues of {@code topic} the push consumer holds locked for orderly consumption, as its rebalance sees them. */
    static long lockedQueues(DefaultMQPushConsumer consumer, String topic) {
        return processQueues(consumer, topic).values().stream().filter(ProcessQueue::isLocked).count();
    }

    /** The body of {@code message} as UTF-8 text. */
    static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    // the official consumer shows which queues it holds only through its deprecated implementation accessor
    @SuppressWarnings("deprecation")
    private static Map<MessageQueue, ProcessQueue> processQueues(DefaultMQPushConsumer consumer, String topic) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().entrySet().stream()
            .filter(entry -> entry.getKey().getTopic().equals(topic))
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static <C extends ClientConfig> C configure(C client, String nameServer, String group) {
        client.setNamesrvAddr(nameServer);
        client.setInstanceName(group + "-" + System.nanoTime());
        client.setClientIP("127.0.0.1");
        return client;
    }
}
