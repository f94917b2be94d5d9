package io.apogee.client.producer;

import io.apogee.client.core.MessageQueue;

/**
 * The outcome of a successful send. Immutable.
 *
 * @param status      stored, or stored with a warning
 * @param msgId       the client's UNIQ_KEY (for a batch, every message's joined by commas)
 * @param offsetMsgId the broker's offset message id (for a batch, joined by commas)
 * @param queue       the queue the message went to
 * @param queueOffset the queue offset of the (first) message
 */
public record SendResult(SendStatus status, String msgId, String offsetMsgId, MessageQueue queue, long queueOffset) {
}
