package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * Receives the outcome of one request, exactly once: the response, or the failure. Called on the connection's event
 * loop (a failure to send may also come on the caller's thread): implementations must not block.
 */
public interface ResponseCallback {
    /**
     * The response. The header is valid only during this call; the body (possibly empty) is released when this
     * call returns, so retain it to keep it.
     */
    void onResponse(RemotingHeader header, ByteBuf body);

    /** No response will come. */
    void onFailure(TransportException failure);
}
