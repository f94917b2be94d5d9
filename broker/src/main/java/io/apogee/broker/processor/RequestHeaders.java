package io.apogee.broker.processor;

import io.apogee.wire.frame.RemotingHeader;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The copies of request headers that outlive the read that decoded them (the decoder's header is reused for the
 * next frame): taken by the router, handed back by the send and pull processors once they have answered, so that a
 * header and its ext arrays are allocated once, not per request. A header never handed back is simply collected.
 *
 * <p>Thread-safe and process-wide, as Netty's recyclers are: taken on event loops, returned on processor and store
 * threads; bounded, so a burst leaves at most {@value #CAPACITY} spare headers of at most
 * {@value #MAX_POOLED_EXT_BYTES} ext bytes behind.
 */
public final class RequestHeaders {
    private static final int CAPACITY = 4096;
    /** A header whose ext bytes grew past this (a rare, large request) is left to the collector, not kept. */
    private static final int MAX_POOLED_EXT_BYTES = 4096;
    private static final ArrayBlockingQueue<RemotingHeader> FREE = new ArrayBlockingQueue<>(CAPACITY);

    private RequestHeaders() {
    }

    /** A copy of {@code source} in a pooled header; the caller owns it until {@link #release}. */
    public static RemotingHeader copyOf(RemotingHeader source) {
        RemotingHeader copy = FREE.poll();
        return source.copyInto(copy == null ? new RemotingHeader() : copy);
    }

    /** Hands {@code header} back; nothing may use it afterwards. */
    public static void release(RemotingHeader header) {
        if (header.ext().array().length <= MAX_POOLED_EXT_BYTES) {
            FREE.offer(header);
        }
    }
}
