package io.apogee.broker.processor;

import io.apogee.wire.frame.RemotingHeader;
import io.apogee.transport.Peer;
import io.netty.buffer.ByteBuf;

/**
 * Handles the requests of one family. Called on the family's executor thread only, one request at a time, so an
 * implementation may keep reusable decoding state in fields; it answers through {@link Replies}, now or later.
 */
@FunctionalInterface
public interface Processor {
    /**
     * One request: {@code request} is a copy owned by this call (keep it for a later answer), {@code body} is owned
     * too and must be released.
     */
    void process(Peer peer, RemotingHeader request, ByteBuf body);
}
