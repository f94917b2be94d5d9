package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

import java.util.Objects;

/**
 * A frame to be written through {@link RemotingFrameEncoder}: a header, encoded on the channel's event loop, and a
 * body that is written after it as a buffer of its own (never copied; released once written). Immutable as a
 * holder, but the header must not change until the frame is written: hand a frame over and forget it.
 *
 * @param header the header, in the serialization it names
 * @param body   the body, or null for none; the write takes ownership of it
 */
public record OutboundFrame(RemotingHeader header, ByteBuf body) {
    /** Checks that there is a header. */
    public OutboundFrame {
        Objects.requireNonNull(header, "header");
    }

    /** A frame without a body. */
    public static OutboundFrame of(RemotingHeader header) {
        return new OutboundFrame(header, null);
    }
}
