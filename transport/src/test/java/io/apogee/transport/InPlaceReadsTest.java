package io.apogee.transport;

import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A large frame's later reads land in the buffer that gathers it: the read after the frame's first bytes is given
 * a slice of that buffer's room, the decoder takes it back without a copy, and once the frame is whole reads go to
 * buffers of their own again. The socket's part is played by hand: each "read" writes bytes into what the
 * connection's read handle allocated and passes it on, as the event loop does.
 */
// Netty's read-allocator interface still returns its deprecated Handle type
@SuppressWarnings("deprecation")
class InPlaceReadsTest {
    private static final int MAX_FRAME = 4 << 20;
    private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;

    @Test
    void theRestOfALargeFrameIsReadIntoTheBufferThatGathersIt() {
        InPlaceReads reads = new InPlaceReads(new AdaptiveRecvByteBufAllocator());
        RecvByteBufAllocator.Handle handle = reads.newHandle();
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME, reads), capture);
        String body = "x".repeat(900_000) + "end";
        ByteBuf stream = RemotingFrameDecoderTest.frame(7, SerializeType.JSON, body);
        ByteBuf next = RemotingFrameDecoderTest.frame(8, SerializeType.ROCKETMQ, "after");
        stream = alloc.buffer().writeBytes(stream).writeBytes(next);

        int inPlace = 0;
        int ownBuffers = 0;
        while (stream.isReadable()) {
            ByteBuf read = handle.allocate(alloc);
            boolean lent = reads.isLent(read);
            inPlace += lent ? 1 : 0;
            ownBuffers += lent ? 0 : 1;
            read.writeBytes(stream, Math.min(stream.readableBytes(), Math.min(read.writableBytes(), 64 * 1024)));
            channel.writeInbound(read);
        }

        assertThat(capture.frames).hasSize(2);
        assertThat(capture.frames.get(0).header().opaque()).isEqualTo(7);
        assertThat(bodyText(capture.frames.get(0))).isEqualTo(body);
        assertThat(bodyText(capture.frames.get(1))).isEqualTo("after");
        assertThat(inPlace).as("reads into the gathering buffer").isGreaterThan(10);
        assertThat(ownBuffers).as("the first read, and the one whose room ran out").isLessThanOrEqualTo(3);
        ByteBuf idle = handle.allocate(alloc);
        assertThat(reads.isLent(idle)).as("no frame pending: a buffer of its own").isFalse();
        idle.release();
        capture.releaseAll();
        stream.release();
        next.release();
        channel.finish();
    }

    @Test
    void smallFramesNeverBorrowTheDecodersBuffer() {
        InPlaceReads reads = new InPlaceReads(new AdaptiveRecvByteBufAllocator());
        RecvByteBufAllocator.Handle handle = reads.newHandle();
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME, reads), capture);
        for (int i = 0; i < 50; i++) {
            ByteBuf frame = RemotingFrameDecoderTest.frame(i, SerializeType.JSON, "small " + i);
            ByteBuf read = handle.allocate(alloc);
            assertThat(reads.isLent(read)).isFalse();
            read.writeBytes(frame);
            frame.release();
            channel.writeInbound(read);
        }
        assertThat(capture.frames).hasSize(50);
        capture.releaseAll();
        channel.finish();
    }

    private static String bodyText(RemotingResponse response) {
        return response.body().toString(StandardCharsets.UTF_8);
    }
}
