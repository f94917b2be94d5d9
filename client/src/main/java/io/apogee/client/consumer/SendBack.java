package io.apogee.client.consumer;

import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands a message the listener failed on back to the broker that delivered it (CONSUMER_SEND_MSG_BACK, §3.3 36):
 * the broker stores it again in the group's retry topic after a delay, or in the dead-letter queue after too many
 * attempts, and it comes back through the retry subscription. Thread-safe; called on consume threads, waiting.
 */
final class SendBack {
    private static final Logger LOG = LoggerFactory.getLogger(SendBack.class);

    private final ClientCore core;
    private final String group;
    private final int delayLevel;
    private final int maxReconsumeTimes;

    /**
     * @param delayLevel        0 lets the broker choose (3 + reconsume times: 10 s, 30 s, 1 min, ...), -1 sends to
     *                          the dead-letter queue, 1 to 18 is an explicit level
     * @param maxReconsumeTimes attempts before the dead-letter queue (the official default is 16)
     */
    SendBack(ClientCore core, String group, int delayLevel, int maxReconsumeTimes) {
        this.core = core;
        this.group = group;
        this.delayLevel = delayLevel;
        this.maxReconsumeTimes = maxReconsumeTimes;
    }

    /** Sends {@code message}, delivered from {@code queue}, back; false if the broker did not take it. */
    boolean send(MessageQueue queue, ReceivedMessage message) {
        String address = core.masterAddress(queue.brokerName());
        if (address == null) {
            return false;
        }
        RemotingHeader header = ClientCore.request(RequestCode.CONSUMER_SEND_MSG_BACK);
        new ConsumerSendMsgBackRequestHeader().offset(message.view().physicalOffset()).group(group).delayLevel(delayLevel)
            .originMsgId(message.msgId()).originTopic(message.topic()).unitMode(false).maxReconsumeTimes(maxReconsumeTimes)
            .encode(header.ext());
        try (RemotingResponse response = core.call(address, header, null, core.config().requestTimeoutMillis())) {
            if (response.code() == ResponseCode.SUCCESS) {
                return true;
            }
            LOG.warn("group {}: send-back of {} offset {} answered {}: {}", group, queue, message.queueOffset(),
                ResponseCode.describe(response.code()), response.remark());
        } catch (ClientException e) {
            LOG.warn("group {}: send-back of {} offset {} failed: {}", group, queue, message.queueOffset(), e.getMessage());
        }
        return false;
    }
}
