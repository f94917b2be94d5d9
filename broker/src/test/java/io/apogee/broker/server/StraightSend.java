package io.apogee.broker.server;

import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;

/**
 * A send to queue 0 of one broker, by address, past the routes the producer follows: how the failover tests ask one
 * broker (a slave, a frozen old master) whether it takes a write.
 */
final class StraightSend {
    private StraightSend() {
    }

    /**
     * Sends {@code message} through {@code producer}'s client to queue 0 on the broker at {@code address}, named
     * {@code brokerName}; throws what the client throws for a refusal.
     */
    @SuppressWarnings("deprecation") // the client's own path to one broker; no public API sends past the routes
    static SendResult to(DefaultMQProducer producer, String address, String brokerName, Message message,
        long timeoutMillis) throws Exception {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup(producer.getProducerGroup());
        header.setTopic(message.getTopic());
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        header.setProperties("");
        return producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl()
            .sendMessage(address, brokerName, message, header, timeoutMillis, CommunicationMode.SYNC, null, null);
    }
}
