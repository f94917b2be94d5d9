package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * A response kept beyond its callback: a copy of the header and the body, retained. For calls that wait
 * ({@link RemotingClient#invokeSync}); hot paths read responses in their callbacks instead. Not thread-safe; close
 * it to release the body.
 */
public final class RemotingResponse implements AutoCloseable {
    private final RemotingHeader header;
    private final ByteBuf body;

    private RemotingResponse(RemotingHeader header, ByteBuf body) {
        this.header = header;
        this.body = body;
    }

    /** A copy of {@code header} with {@code body} retained. */
    public static RemotingResponse copyOf(RemotingHeader header, ByteBuf body) {
        return new RemotingResponse(header.copy(), body.retain());
    }

    /** The header. */
    public RemotingHeader header() {
        return header;
    }

    /** The response code. */
    public int code() {
        return header.code();
    }

    /** The remark, or null. */
    public String remark() {
        return header.remark();
    }

    /** The body, possibly empty; valid until {@link #close()}. */
    public ByteBuf body() {
        return body;
    }

    /** Releases the body. */
    @Override
    public void close() {
        body.release();
    }

    @Override
    public String toString() {
        return "RemotingResponse{" + header + ", body=" + body.readableBytes() + " bytes}";
    }
}
