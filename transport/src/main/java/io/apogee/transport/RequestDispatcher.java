package io.apogee.transport;

/**
 * Handles the requests a peer sends: on a server every client request, on a client the ones a broker initiates
 * (NOTIFY_CONSUMER_IDS_CHANGED, CHECK_TRANSACTION_STATE). Called on the connection's event loop: an implementation
 * answers at once or hands the work to its own threads, and never blocks.
 */
@FunctionalInterface
public interface RequestDispatcher {
    /** A dispatcher that answers nothing and drops every request. */
    RequestDispatcher IGNORE = (peer, request) -> request.body().release();

    /**
     * One request. Read {@code request}'s header during this call; its body belongs to the dispatcher (release it,
     * or keep it retained). Answer with {@link Peer#respond}, now or later, unless the request is oneway.
     */
    void onRequest(Peer peer, InboundFrame request);
}
