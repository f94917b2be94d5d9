package io.apogee.client.producer;

import io.apogee.client.BrokerErrorException;
import io.apogee.client.core.MessageQueue;
import io.apogee.common.text.InternTable;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.SendMessageResponseHeader;

/**
 * Reads a send response into a {@link SendResult}, or the {@link BrokerErrorException} of its code, and knows which
 * codes the official producer retries on another broker (docs/protocol.md §3.1, "Producer retry set"). Stateless and
 * thread-safe: it decodes into a fresh header per response.
 */
final class SendResponseReader {
    private SendResponseReader() {
    }

    /** True for the codes after which a sync send is tried again on another queue or broker. */
    static boolean isRetryable(int code) {
        return switch (code) {
            case ResponseCode.TOPIC_NOT_EXIST, ResponseCode.SERVICE_NOT_AVAILABLE, ResponseCode.SYSTEM_ERROR,
                 ResponseCode.SYSTEM_BUSY, ResponseCode.NO_PERMISSION, ResponseCode.NO_BUYER_ID,
                 ResponseCode.NOT_IN_CURRENT_UNIT, ResponseCode.GO_AWAY -> true;
            default -> false;
        };
    }

    /**
     * The result of a response to a send to {@code queue}.
     *
     * @throws BrokerErrorException for an error code, or a success without a readable header
     */
    static SendResult read(String address, RemotingHeader response, MessageQueue queue, String msgId) {
        SendStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> SendStatus.SEND_OK;
            case ResponseCode.FLUSH_DISK_TIMEOUT -> SendStatus.FLUSH_DISK_TIMEOUT;
            case ResponseCode.FLUSH_SLAVE_TIMEOUT -> SendStatus.FLUSH_SLAVE_TIMEOUT;
            case ResponseCode.SLAVE_NOT_AVAILABLE -> SendStatus.SLAVE_NOT_AVAILABLE;
            default -> null;
        };
        if (status == null) {
            throw new BrokerErrorException(address, response.code(), response.remark());
        }
        SendMessageResponseHeader header = new SendMessageResponseHeader();
        try {
            header.decode(response.ext(), new InternTable(16, 64));
        } catch (MalformedHeaderException e) {
            throw new BrokerErrorException(address, response.code(), "unreadable send response: " + e.getMessage());
        }
        MessageQueue stored = header.queueId() == queue.queueId() ? queue
            : new MessageQueue(queue.topic(), queue.brokerName(), header.queueId());
        return new SendResult(status, msgId, header.msgId(), stored, header.queueOffset());
    }
}
