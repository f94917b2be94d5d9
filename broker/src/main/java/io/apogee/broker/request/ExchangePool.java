package io.apogee.broker.request;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.transport.Peer;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The spare exchanges of one router: taken on event loops, given back by whichever thread closes an exchange, so
 * that an exchange, its header copies and their ext arrays are made once, not per request. A burst leaves at most
 * {@code capacity} spares behind; an exchange given back to a full pool is left to the collector.
 *
 * <p>Thread-safe. An instance, owned by its router (and so by the broker context): no state is shared across
 * routers or processes.
 */
public final class ExchangePool {
    /** The spares a router keeps by default. */
    public static final int DEFAULT_CAPACITY = 4096;

    private final ArrayBlockingQueue<Exchange> free;
    private final ObjectMapper json = new ObjectMapper();

    /** A pool keeping up to {@code capacity} spare exchanges. */
    public ExchangePool(int capacity) {
        this.free = new ArrayBlockingQueue<>(capacity);
    }

    /**
     * An open exchange over a copy of {@code header} (valid only during the read) and {@code body}, which the
     * exchange owns from here on. The caller owns the exchange until it closes.
     */
    public Exchange open(Peer peer, RemotingHeader header, ByteBuf body) {
        Exchange exchange = free.poll();
        if (exchange == null) {
            exchange = new Exchange(this);
        }
        return exchange.open(peer, header, body);
    }

    /** Spares waiting for a request. */
    public int spares() {
        return free.size();
    }

    /** The JSON writer of admin answers; thread-safe once built. */
    ObjectMapper json() {
        return json;
    }

    void giveBack(Exchange exchange) {
        free.offer(exchange);
    }
}
