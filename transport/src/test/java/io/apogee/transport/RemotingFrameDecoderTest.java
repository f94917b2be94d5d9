package io.apogee.transport;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class RemotingFrameDecoderTest {
    private static final int MAX_FRAME = 64 * 1024;

    @Test
    void decodesTwoFramesThatArriveInOneBuffer() {
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME), capture);
        ByteBuf both = Unpooled.buffer();
        both.writeBytes(frame(7, SerializeType.JSON, "first"));
        both.writeBytes(frame(8, SerializeType.ROCKETMQ, "second body"));

        channel.writeInbound(both);

        assertThat(capture.frames).hasSize(2);
        assertThat(capture.frames.get(0).header().opaque()).isEqualTo(7);
        assertThat(capture.frames.get(0).header().ext().get("topic")).isEqualTo("T7");
        assertThat(capture.frames.get(0).body().toString(StandardCharsets.UTF_8)).isEqualTo("first");
        assertThat(capture.frames.get(1).header().opaque()).isEqualTo(8);
        assertThat(capture.frames.get(1).header().serializeType()).isEqualTo(SerializeType.ROCKETMQ);
        assertThat(capture.frames.get(1).body().toString(StandardCharsets.UTF_8)).isEqualTo("second body");
        capture.releaseAll();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void waitsForEveryByteOfAFrameFedOneByteAtATime() {
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME), capture);
        ByteBuf bytes = frame(42, SerializeType.JSON, "payload");
        int size = bytes.readableBytes();

        for (int i = 0; i < size - 1; i++) {
            channel.writeInbound(bytes.readRetainedSlice(1));
            assertThat(capture.frames).isEmpty();
        }
        channel.writeInbound(bytes.readRetainedSlice(1));
        bytes.release();

        assertThat(capture.frames).singleElement().satisfies(f -> {
            assertThat(f.header().opaque()).isEqualTo(42);
            assertThat(f.body().toString(StandardCharsets.UTF_8)).isEqualTo("payload");
        });
        capture.releaseAll();
        channel.finish();
    }

    @Test
    void aLargeFrameInManyReadsIsWholeWhileAnEarlierBodyIsStillHeld() {
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(1 << 20), capture);
        String large = "0123456789abcdef".repeat(200_000 / 16);
        ByteBuf bytes = Unpooled.buffer();
        bytes.writeBytes(frame(1, SerializeType.JSON, "held"));
        bytes.writeBytes(frame(2, SerializeType.JSON, large));
        bytes.writeBytes(frame(3, SerializeType.JSON, "after"));
        while (bytes.isReadable()) {
            // the first frame's body stays retained in the capture, so the cumulation is shared from then on
            channel.writeInbound(bytes.readRetainedSlice(Math.min(4096, bytes.readableBytes())));
        }
        bytes.release();

        assertThat(capture.frames).hasSize(3);
        assertThat(capture.frames.get(0).body().toString(StandardCharsets.UTF_8)).isEqualTo("held");
        assertThat(capture.frames.get(1).body().toString(StandardCharsets.UTF_8)).isEqualTo(large);
        assertThat(capture.frames.get(2).body().toString(StandardCharsets.UTF_8)).isEqualTo("after");
        capture.releaseAll();
        channel.finish();
    }

    @Test
    void bodyIsASliceOfTheReceivedBufferNotACopy() {
        ByteBuf[] seen = new ByteBuf[1];
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME),
            new io.netty.channel.ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                    seen[0] = ((InboundFrame) msg).body();
                }
            });
        ByteBuf input = frame(1, SerializeType.JSON, "abc");
        ByteBuf retainedInput = input.retain();

        channel.writeInbound(input);

        assertThat(seen[0].unwrap()).isSameAs(retainedInput);
        seen[0].release();
        retainedInput.release();
        channel.finish();
    }

    @Test
    void closesTheConnectionOnAFrameOverTheLimit() {
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME), capture);
        ByteBuf oversized = Unpooled.buffer().writeInt(MAX_FRAME).writeInt(0);

        channel.writeInbound(oversized);

        assertThat(channel.isOpen()).isFalse();
        assertThat(capture.frames).isEmpty();
    }

    @Test
    void closesTheConnectionOnAnUnknownSerializeType() {
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameDecoder(MAX_FRAME), capture);
        ByteBuf corrupt = Unpooled.buffer().writeInt(8).writeInt(0x07000004).writeInt(0);

        channel.writeInbound(corrupt);

        assertThat(channel.isOpen()).isFalse();
        assertThat(capture.frames).isEmpty();
    }

    @Test
    void keepsOnlySmallDecodeStateAfterAHugeHeader() {
        RemotingFrameDecoder decoder = new RemotingFrameDecoder(4 << 20);
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, capture);
        int small = decoder.retainedHeapBytes();
        for (SerializeType type : SerializeType.values()) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 1).serializeType(type)
                .remark("r".repeat(100_000));
            for (int i = 0; i < 20_000; i++) {
                header.ext().add("k" + i, "v");
            }
            header.ext().add("big", "x".repeat(1 << 20));
            ByteBuf encoded = FrameBuffers.encode(Unpooled.buffer().alloc(), new FrameEncoder(4 << 20), header, null);
            ByteBuf direct = Unpooled.directBuffer(encoded.readableBytes()).writeBytes(encoded);
            encoded.release();

            channel.writeInbound(direct);

            assertThat(capture.frames).hasSize(type.ordinal() + 1);
            assertThat(capture.frames.getLast().header().ext().size()).isEqualTo(20_001);
            assertThat(decoder.retainedHeapBytes()).as("decode state kept after a %s header", type)
                .isLessThanOrEqualTo(Math.max(small, 16 * 1024));
        }
        capture.releaseAll();
        channel.finish();
    }

    static ByteBuf frame(int opaque, SerializeType type, String body) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, opaque).serializeType(type);
        header.ext().add("topic", "T" + opaque);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ByteBuf frame = FrameBuffers.encode(Unpooled.buffer().alloc(), new FrameEncoder(), header, Unpooled.wrappedBuffer(bytes));
        ByteBuf flat = Unpooled.buffer(frame.readableBytes());
        flat.writeBytes(frame);
        frame.release();
        return flat;
    }
}
