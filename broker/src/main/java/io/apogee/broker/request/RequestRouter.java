package io.apogee.broker.request;

import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.wire.code.ResponseCode;
import java.util.concurrent.RejectedExecutionException;

/**
 * Routes every request by its code to the {@link ProcessorFamily} that handles it: an {@link Exchange} from this
 * router's pool takes a copy of the header (the frame's is valid only during the read) and the body, and is queued
 * on the family's thread (or run at once, for a family on the I/O threads). A code no family handles is answered
 * REQUEST_CODE_NOT_SUPPORTED, a full queue SYSTEM_BUSY; oneway requests are never answered.
 *
 * <p>Called on Netty event loops; the routing table is built before the listeners start and never changes after.
 * The exchange is also the queued task: routing allocates nothing per request once the pool is warm.
 */
public final class RequestRouter implements RequestDispatcher {
    private static final int MAX_CODE = 4096;

    private final ProcessorFamily[] byCode = new ProcessorFamily[MAX_CODE];
    private final ExchangePool exchanges;

    /** A router with an exchange pool of the default capacity. */
    public RequestRouter() {
        this(new ExchangePool(ExchangePool.DEFAULT_CAPACITY));
    }

    /** A router opening its exchanges from {@code exchanges}. */
    public RequestRouter(ExchangePool exchanges) {
        this.exchanges = exchanges;
    }

    /** Routes {@code codes} to {@code family}. Call before the listeners start. */
    public RequestRouter route(ProcessorFamily family, int... codes) {
        for (int code : codes) {
            byCode[code] = family;
        }
        return this;
    }

    @Override
    public void onRequest(Peer peer, InboundFrame frame) {
        Exchange exchange = exchanges.open(peer, frame.header(), frame.body());
        int code = exchange.request().code();
        ProcessorFamily family = code >= 0 && code < MAX_CODE ? byCode[code] : null;
        if (family == null) {
            exchange.reply(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, " request type " + code + " not supported");
            return;
        }
        if (family.onIoThreads()) {
            family.run(exchange);
            return;
        }
        try {
            family.executor().execute(exchange.queuedFor(family));
        } catch (RejectedExecutionException e) {
            exchange.reply(ResponseCode.SYSTEM_BUSY, BusyRemark.of("the " + family.name() + " queue is full"));
        }
    }
}
