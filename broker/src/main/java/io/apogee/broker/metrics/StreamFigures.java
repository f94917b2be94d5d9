package io.apogee.broker.metrics;

/**
 * What the stream protocol's server has counted since it started, and what it serves now, as the broker's wiring
 * hands it over: the metrics know nothing else of streams.
 *
 * <p>Implementations are safe to read from any thread.
 */
public interface StreamFigures {
    /** Messages publishers sent, each with a publishing id to confirm. */
    long messagesReceived();

    /** Messages confirmed to publishers. */
    long messagesConfirmed();

    /** Entries delivered to consumers (a sub-batch counts once); one delivered again counts again. */
    long messagesDelivered();

    /** Publishers declared on open connections. */
    int publishers();

    /** Subscriptions open. */
    int consumers();
}
