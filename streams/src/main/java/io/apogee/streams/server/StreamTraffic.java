package io.apogee.streams.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * The messages a stream server has taken in, confirmed and delivered since it started, counted as RabbitMQ's stream
 * plugin counts them for its global metrics: a publish frame's messages when a live publisher sends it, the publishing
 * ids confirmed, and the entries of each chunk delivered (a sub-batch counts once, as it was published with one id).
 * One add per frame, confirm or chunk, never per message.
 *
 * <p>Thread-safe: every connection's event loop adds, a scrape reads.
 */
public final class StreamTraffic {
    private final LongAdder received = new LongAdder();
    private final LongAdder confirmed = new LongAdder();
    private final LongAdder delivered = new LongAdder();

    void received(int messages) {
        received.add(messages);
    }

    void confirmed(int messages) {
        confirmed.add(messages);
    }

    void delivered(int entries) {
        delivered.add(entries);
    }

    /** Messages publishers sent, every one with a publishing id to confirm. */
    public long messagesReceived() {
        return received.sum();
    }

    /** Messages confirmed to publishers (deduplicated ones too: they are confirmed, not stored). */
    public long messagesConfirmed() {
        return confirmed.sum();
    }

    /** Entries delivered to consumers (a sub-batch counts once); one delivered again counts again. */
    public long messagesDelivered() {
        return delivered.sum();
    }
}
