package io.apogee.client.rocketmq;

import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.core.MessageQueue;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The official 5.4.0 push consumer as the mixed-group tests use it (against Apache RocketMQ and against Apogee's
 * broker), and the queue ids either kind of consumer holds. Stateless.
 */
public final class OfficialConsumers {
    private OfficialConsumers() {
    }

    /**
     * A not yet started official consumer of {@code topic} in {@code group}, from the first offset, that hands every
     * message to {@code each}.
     */
    public static DefaultMQPushConsumer create(String nameServer, String topic, String group, Consumer<MessageExt> each)
        throws MQClientException {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(nameServer);
        consumer.setInstanceName("official-" + System.nanoTime());
        consumer.setClientIP("127.0.0.1");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(each);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    /** The ids of the queues of {@code topic} an Apogee consumer holds. */
    public static Set<Integer> queueIds(PushConsumer consumer, String topic) {
        return consumer.assignedQueues().stream().filter(q -> q.topic().equals(topic)).map(MessageQueue::queueId)
            .collect(Collectors.toSet());
    }

    /** The ids of the queues of {@code topic} an official consumer holds. */
    // the official consumer shows which queues it holds only through its deprecated implementation accessor
    @SuppressWarnings("deprecation")
    public static Set<Integer> queueIds(DefaultMQPushConsumer consumer, String topic) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet().stream()
            .filter(q -> q.getTopic().equals(topic)).map(org.apache.rocketmq.common.message.MessageQueue::getQueueId)
            .collect(Collectors.toSet());
    }
}
