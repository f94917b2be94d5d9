package io.apogee.broker;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * When each message reached an official 5.4.0 push consumer, by message id (the producer's UNIQ_KEY), for tests of
 * messages that must wait before delivery (delay levels, timer messages). Bodies named {@link #WARM_UP} are not
 * recorded. Thread-safe.
 */
final class Arrivals {
    /** The body of a message sent only to create the topic before the consumer starts. */
    static final String WARM_UP = "warm-up";

    private final Map<String, Arrival> arrivals = new ConcurrentHashMap<>();

    /** A started consumer of {@code group} on {@code topic} from its first offset, recording here. */
    DefaultMQPushConsumer consume(String address, String group, String topic) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(address, group, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, OfficialClients.received());
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            long now = System.currentTimeMillis();
            for (MessageExt message : messages) {
                String body = new String(message.getBody(), StandardCharsets.UTF_8);
                if (!body.equals(WARM_UP)) {
                    arrivals.putIfAbsent(message.getMsgId(), new Arrival(message, body, now));
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }

    /** How many distinct messages arrived. */
    int size() {
        return arrivals.size();
    }

    /** Whether message {@code id} arrived. */
    boolean has(String id) {
        return arrivals.containsKey(id);
    }

    /** The arrival of message {@code id}, or null. */
    Arrival of(String id) {
        return arrivals.get(id);
    }

    /** A delivery and when it came. */
    record Arrival(MessageExt message, String body, long millis) {
    }
}
