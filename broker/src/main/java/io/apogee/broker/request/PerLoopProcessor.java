package io.apogee.broker.request;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One processor per event loop, for a family run on the I/O threads: each loop's processor is made on its first
 * request and used only on that loop, so it may keep reusable state in fields. Keyed by the peer's
 * {@linkplain io.apogee.transport.Peer#eventLoopKey() event loop}, which stays right when one router serves the
 * loops of several servers.
 *
 * <p>Thread-safe: the map is concurrent; a lookup of a known loop allocates nothing.
 */
final class PerLoopProcessor implements Processor {
    private final Supplier<Processor> factory;
    private final Map<Object, Processor> byLoop = new ConcurrentHashMap<>();

    PerLoopProcessor(Supplier<Processor> factory) {
        this.factory = factory;
    }

    @Override
    public void process(Exchange exchange) {
        Object loop = exchange.peer().eventLoopKey();
        Processor processor = byLoop.get(loop);
        if (processor == null) {
            // only this loop adds its own entry, so there is no race to lose
            processor = factory.get();
            byLoop.put(loop, processor);
        }
        processor.process(exchange);
    }
}
