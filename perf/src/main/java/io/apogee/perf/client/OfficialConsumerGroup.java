package io.apogee.perf.client;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Apache RocketMQ {@link DefaultMQPushConsumer}s of one group, each with its own instance name (so each is its own
 * client, as separate processes would be), consuming concurrently with the client's defaults. Safe for any thread.
 */
final class OfficialConsumerGroup implements ConsumerGroup {
    private final List<DefaultMQPushConsumer> consumers = new ArrayList<>();

    private OfficialConsumerGroup() {
    }

    static OfficialConsumerGroup start(ConsumerSpec spec) {
        OfficialConsumerGroup group = new OfficialConsumerGroup();
        long instance = ThreadLocalRandom.current().nextLong();
        MessageListenerConcurrently listener = (messages, context) -> {
            for (MessageExt message : messages) {
                spec.onBody().accept(ByteBuffer.wrap(message.getBody()));
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        };
        try {
            for (int i = 0; i < spec.count(); i++) {
                DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(spec.group());
                consumer.setNamesrvAddr(spec.nameServers().addresses());
                consumer.setUseTLS(spec.nameServers().tls());
                consumer.setInstanceName("apogee-perf-" + Long.toHexString(instance) + "-" + i);
                consumer.setConsumeFromWhere(spec.fromFirst() ? ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET
                    : ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
                consumer.subscribe(spec.topic(), "*");
                consumer.registerMessageListener(listener);
                group.consumers.add(consumer);
                consumer.start();
            }
        } catch (MQClientException | RuntimeException e) {
            group.close();
            throw new IllegalStateException("the official consumers did not start: " + e.getMessage(), e);
        }
        return group;
    }

    @Override
    // the client offers no other public view of the queues its rebalance assigned
    @SuppressWarnings("deprecation")
    public boolean allAssigned() {
        return consumers.stream().allMatch(consumer ->
            !consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().isEmpty());
    }

    @Override
    public void close() {
        for (DefaultMQPushConsumer consumer : consumers) {
            consumer.shutdown();
        }
    }
}
