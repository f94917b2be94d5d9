package io.apogee.testsupport.scenario;

/**
 * What a synchronous send returned. Immutable.
 *
 * @param ok          whether the broker stored it (SEND_OK)
 * @param msgId       the producer's message id; for a batch, the ids joined by commas
 * @param offsetMsgId the broker's offset message id; for a batch, joined by commas
 * @param brokerName  the broker of the queue it went to
 */
public record SendReceipt(boolean ok, String msgId, String offsetMsgId, String brokerName) {
}
