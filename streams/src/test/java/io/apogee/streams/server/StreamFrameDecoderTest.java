package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class StreamFrameDecoderTest {
    @Test
    void framesSplitAcrossReadsComeOutWhole() {
        EmbeddedChannel channel = new EmbeddedChannel(new StreamFrameDecoder(100));
        ByteBuf bytes = Unpooled.buffer().writeInt(6).writeShort(0x17).writeShort(1).writeShort(7)
            .writeInt(4).writeShort(0x17).writeShort(1);
        channel.writeInbound(bytes.readRetainedSlice(5));
        ByteBuf none = channel.readInbound();
        assertThat(none).as("half a frame").isNull();
        channel.writeInbound(bytes.readRetainedSlice(bytes.readableBytes()));
        ByteBuf first = channel.readInbound();
        ByteBuf second = channel.readInbound();
        assertThat(first.readableBytes()).isEqualTo(6);
        assertThat(first.getShort(4)).isEqualTo((short) 7);
        assertThat(second.readableBytes()).isEqualTo(4);
        first.release();
        second.release();
        bytes.release();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void aFrameOverTheBoundIsAnsweredFrameTooLargeBeforeItsBytesArrive() {
        EmbeddedChannel channel = new EmbeddedChannel(new StreamFrameDecoder(100));
        channel.writeInbound(Unpooled.buffer().writeInt(97).writeShort(0x0d));

        assertClosedWith(channel, ResponseCode.FRAME_TOO_LARGE, "frame of 97 bytes, frame max 100");
    }

    @Test
    void aFrameWithoutKeyAndVersionClosesTheConnection() {
        EmbeddedChannel channel = new EmbeddedChannel(new StreamFrameDecoder(100));
        channel.writeInbound(Unpooled.buffer().writeInt(2).writeShort(1));

        assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME, "frame of 2 bytes has no key and version");
    }

    static void assertClosedWith(EmbeddedChannel channel, int code, String reason) {
        ByteBuf close = channel.readOutbound();
        assertThat(close.readInt()).isEqualTo(close.readableBytes());
        assertThat(close.readShort()).isEqualTo((short) CommandKey.CLOSE);
        assertThat(close.readShort()).isEqualTo((short) 1);
        close.readInt();
        assertThat(close.readShort()).isEqualTo((short) code);
        byte[] text = new byte[close.readShort()];
        close.readBytes(text);
        assertThat(new String(text, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(reason);
        close.release();
        assertThat(channel.isOpen()).isFalse();
    }
}
