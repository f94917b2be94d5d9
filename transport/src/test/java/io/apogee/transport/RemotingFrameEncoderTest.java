package io.apogee.transport;

import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class RemotingFrameEncoderTest {
    @Test
    void writesTheFrontThenTheSameBodyBufferUncopied() {
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameEncoder(1 << 20));
        RemotingHeader request = new RemotingHeader().asRequest(105, 9).serializeType(SerializeType.ROCKETMQ);
        RemotingHeader response = new RemotingHeader().asResponseTo(request, ResponseCode.SUCCESS);
        response.ext().add("offset", 12);
        ByteBuf body = Unpooled.copiedBuffer("route", StandardCharsets.UTF_8);

        channel.writeOutbound(new OutboundFrame(response, body));

        ByteBuf front = channel.readOutbound();
        ByteBuf writtenBody = channel.readOutbound();
        assertThat(writtenBody).isSameAs(body);
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(1 << 20), capture);
        decoder.writeInbound(Unpooled.wrappedBuffer(front, writtenBody));
        RemotingResponse decoded = capture.frames.getFirst();
        assertThat(decoded.header().isResponse()).isTrue();
        assertThat(decoded.header().opaque()).isEqualTo(9);
        assertThat(decoded.header().serializeType()).as("answered in the request's serialization")
            .isEqualTo(SerializeType.ROCKETMQ);
        assertThat(decoded.header().ext().get("offset")).isEqualTo("12");
        assertThat(decoded.body().toString(StandardCharsets.UTF_8)).isEqualTo("route");
        capture.releaseAll();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void writesOnlyTheFrontWithoutABody() {
        EmbeddedChannel channel = new EmbeddedChannel(new RemotingFrameEncoder(1 << 20));

        channel.writeOutbound(OutboundFrame.of(new RemotingHeader().asRequest(34, 1)));

        ByteBuf front = channel.readOutbound();
        assertThat(front.getInt(0)).isEqualTo(front.readableBytes() - 4);
        assertThat((ByteBuf) channel.readOutbound()).isNull();
        front.release();
    }
}
