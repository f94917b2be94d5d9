package io.apogee.transport;

import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;

import java.nio.ByteBuffer;

/**
 * Encodes a frame's front (length prefix, type word, header) into a buffer of the allocator and joins the body
 * behind it without copying it. Stateless and thread-safe; callers on any thread use it to encode requests before
 * handing them to a channel, so that the header they used is free for reuse at once.
 */
public final class FrameBuffers {
    private FrameBuffers() {
    }

    /**
     * The whole frame: a new buffer holding the front, followed by {@code body} (null or empty for none) as a
     * component of a composite buffer. Takes ownership of {@code body}: it is released with the returned buffer,
     * and released at once if encoding fails.
     *
     * @throws IllegalArgumentException if the header cannot be encoded or the frame exceeds the encoder's limit
     */
    public static ByteBuf encode(ByteBufAllocator allocator, FrameEncoder encoder, RemotingHeader header, ByteBuf body) {
        int bodyLength = body == null ? 0 : body.readableBytes();
        ByteBuf front;
        try {
            front = encodeFront(allocator, encoder, header, bodyLength);
        } catch (RuntimeException e) {
            if (body != null) {
                body.release();
            }
            throw e;
        }
        if (bodyLength == 0) {
            if (body != null) {
                body.release();
            }
            return front;
        }
        CompositeByteBuf frame = allocator.compositeDirectBuffer(2);
        frame.addComponent(true, front);
        frame.addComponent(true, body);
        return frame;
    }

    /** A new buffer holding the front of a frame whose body will be {@code bodyLength} bytes. */
    public static ByteBuf encodeFront(ByteBufAllocator allocator, FrameEncoder encoder, RemotingHeader header, int bodyLength) {
        int size = encoder.measure(header);
        ByteBuf front = allocator.directBuffer(size, size);
        try {
            ByteBuffer target = front.internalNioBuffer(0, size);
            encoder.encode(header, bodyLength, target, target.position());
            front.writerIndex(size);
            return front;
        } catch (RuntimeException e) {
            front.release();
            throw e;
        }
    }
}
