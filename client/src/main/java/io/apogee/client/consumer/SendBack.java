package io.apogee.client.consumer;

import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.client.producer.SendFrameEncoder;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.netty.buffer.ByteBuf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a message the listener failed on back for redelivery, as the official push consumer does: first to the
 * broker that delivered it (CONSUMER_SEND_MSG_BACK, docs/protocol.md §3.3 36), which stores it again in the group's
 * retry topic after a delay, or in the dead-letter queue after too many attempts; if that broker does not take it, the
 * message itself is sent to {@code %RETRY%group} with its properties, its original topic and id, one more reconsume
 * time and the delay level {@code 3 + reconsume times}. Either way it comes back through the retry subscription.
 * Thread-safe; called on consume threads, waiting.
 */
final class SendBack {
    private static final Logger LOG = LoggerFactory.getLogger(SendBack.class);
    private static final int FIRST_RETRY_DELAY_LEVEL = 3;

    private final ClientCore core;
    private final String group;
    private final String retryTopic;
    private final int delayLevel;
    private final int maxReconsumeTimes;
    private final ThreadLocal<SendFrameEncoder> encoders = ThreadLocal.withInitial(SendFrameEncoder::new);

    /**
     * @param delayLevel        0 lets the broker choose (3 + reconsume times: 10 s, 30 s, 1 min, ...), -1 sends to
     *                          the dead-letter queue, 1 to 18 is an explicit level
     * @param maxReconsumeTimes attempts before the dead-letter queue (the official default is 16)
     */
    SendBack(ClientCore core, String group, int delayLevel, int maxReconsumeTimes) {
        this.core = core;
        this.group = group;
        this.retryTopic = "%RETRY%" + group;
        this.delayLevel = delayLevel;
        this.maxReconsumeTimes = maxReconsumeTimes;
    }

    /** Sends {@code message}, delivered from {@code queue}, back; false if neither way took it. */
    boolean send(MessageQueue queue, ReceivedMessage message) {
        String address = core.masterAddress(queue.brokerName());
        if (address == null) {
            return false;
        }
        return sendBack(address, queue, message) || resend(address, queue, message);
    }

    private boolean sendBack(String address, MessageQueue queue, ReceivedMessage message) {
        RemotingHeader header = ClientCore.request(RequestCode.CONSUMER_SEND_MSG_BACK);
        new ConsumerSendMsgBackRequestHeader().offset(message.view().physicalOffset()).group(group).delayLevel(delayLevel)
            .originMsgId(message.msgId()).originTopic(message.topic()).unitMode(false).maxReconsumeTimes(maxReconsumeTimes)
            .encode(header.ext());
        try (RemotingResponse response = core.call(address, header, null, core.config().requestTimeoutMillis())) {
            if (response.code() == ResponseCode.SUCCESS) {
                return true;
            }
            LOG.warn("group {}: send-back of {} offset {} answered {}: {}; sending it to {}", group, queue,
                message.queueOffset(), ResponseCode.describe(response.code()), response.remark(), retryTopic);
        } catch (ClientException e) {
            LOG.warn("group {}: send-back of {} offset {} failed: {}; sending it to {}", group, queue, message.queueOffset(),
                e.getMessage(), retryTopic);
        }
        return false;
    }

    /** The official fallback: the message sent as a new one to the group's retry topic on the same broker. */
    private boolean resend(String address, MessageQueue queue, ReceivedMessage message) {
        OutboundMessage retry = retryMessage(message);
        MessageQueue target = new MessageQueue(retryTopic, queue.brokerName(), 0);
        SendFrameEncoder encoder = encoders.get();
        ByteBuf body = encoder.body(retry, core.config().transport().allocator());
        RemotingHeader header = encoder.retryHeader(retry, message.reconsumeTimes() + 1, maxReconsumeTimes, group, target,
            core.config().clock().millis());
        try (RemotingResponse response = core.call(address, header, body, core.config().requestTimeoutMillis())) {
            if (response.code() == ResponseCode.SUCCESS) {
                return true;
            }
            LOG.warn("group {}: resend of {} offset {} to {} answered {}: {}", group, queue, message.queueOffset(),
                retryTopic, ResponseCode.describe(response.code()), response.remark());
        } catch (ClientException e) {
            LOG.warn("group {}: resend of {} offset {} to {} failed: {}", group, queue, message.queueOffset(), retryTopic,
                e.getMessage());
        }
        return false;
    }

    private OutboundMessage retryMessage(ReceivedMessage message) {
        OutboundMessage retry = new OutboundMessage().topic(retryTopic).flag(message.flag()).body(message.bodyBytes());
        PropertiesReader properties = message.properties();
        properties.rewind();
        while (properties.next()) {
            retry.putProperty(properties.name(), properties.value());
        }
        String originId = message.property(PropertyNames.ORIGIN_MESSAGE_ID);
        retry.putProperty(PropertyNames.ORIGIN_MESSAGE_ID, originId == null || originId.isBlank() ? message.msgId() : originId)
            .putProperty(PropertyNames.RETRY_TOPIC, message.topic())
            .putProperty(PropertyNames.DELAY, Integer.toString(FIRST_RETRY_DELAY_LEVEL + message.reconsumeTimes()))
            .removeProperty(PropertyNames.TRANSACTION_PREPARED)
            .removeProperty(PropertyNames.RECONSUME_TIME)
            .removeProperty(PropertyNames.MAX_RECONSUME_TIMES);
        return retry;
    }
}
