package io.apogee.client.consumer;

/**
 * Consumes messages, one call per message, in queue order within a queue. Called on the consumer's own threads
 * (several queues at once, one thread per queue at a time). The message is a view, valid only during the call:
 * copy what must outlive it ({@link ReceivedMessage#bodyBytes()}, {@link ReceivedMessage#msgId()}). A listener that
 * throws has the failure logged and counted, and the message is handed back to the broker (CONSUMER_SEND_MSG_BACK),
 * which delivers it again later through the group's retry topic (if the broker does not take it back, the consumer
 * sends it to that retry topic itself, as the official consumer does).
 */
@FunctionalInterface
public interface MessageListener {
    /** Consumes {@code message}. */
    void onMessage(ReceivedMessage message);
}
