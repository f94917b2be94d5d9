package io.apogee.broker;

import io.apogee.testsupport.Received;
import java.util.function.Consumer;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.RPCHook;

/** The official 5.4.0 clients set up for a test broker: loopback address, a unique instance name each. */
final class OfficialClients {
    private OfficialClients() {
    }

    /** A started producer of {@code group} using {@code nameServer}. */
    static DefaultMQProducer producer(String nameServer, String group) throws Exception {
        return producer(nameServer, group, null);
    }

    /** A started producer of {@code group} using {@code nameServer}, each request passed to {@code hook} (or none). */
    static DefaultMQProducer producer(String nameServer, String group, RPCHook hook) throws Exception {
        DefaultMQProducer producer = configure(new DefaultMQProducer(group, hook), nameServer, group);
        producer.setSendMsgTimeout(10_000);
        producer.start();
        return producer;
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

    /** A push consumer of {@code group}, not started, recording what it consumes into {@code into}. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, String group, String topic, String expression,
        ConsumeFromWhere from, Received<MessageExt> into) throws Exception {
        return pushConsumer(nameServer, group, topic, expression, from, (Consumer<MessageExt>) into::record);
    }

    /** A push consumer of {@code group}, not started, handing what it consumes to {@code into}. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, String group, String topic, String expression,
        ConsumeFromWhere from, Consumer<MessageExt> into) throws Exception {
        return pushConsumer(nameServer, group, null, topic, expression, from, into);
    }

    /** A push consumer of {@code group} whose requests pass through {@code hook} (or none), not started. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, String group, RPCHook hook, String topic,
        String expression, ConsumeFromWhere from, Consumer<MessageExt> into) throws Exception {
        DefaultMQPushConsumer consumer = configure(new DefaultMQPushConsumer(group, hook), nameServer, group);
        consumer.setConsumeFromWhere(from);
        consumer.subscribe(topic, expression);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(into);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    /** A collector of official messages, by message id. */
    static Received<MessageExt> received() {
        return new Received<>(MessageExt::getMsgId);
    }

    /** A lite pull consumer of {@code group}, not started. */
    static DefaultLitePullConsumer litePullConsumer(String nameServer, String group) {
        DefaultLitePullConsumer consumer = configure(new DefaultLitePullConsumer(group), nameServer, group);
        consumer.setPollTimeoutMillis(1_000);
        return consumer;
    }

    private static <C extends ClientConfig> C configure(C client, String nameServer, String group) {
        client.setNamesrvAddr(nameServer);
        client.setInstanceName(group + "-" + System.nanoTime());
        client.setClientIP("127.0.0.1");
        return client;
    }
}
