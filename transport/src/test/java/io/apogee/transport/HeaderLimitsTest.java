package io.apogee.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A request over the header limits is answered SYSTEM_ERROR with a remark naming the limit and its setting, never
 * dispatched, its bytes released; a oneway one is dropped; a request within the limits is dispatched as before.
 */
class HeaderLimitsTest {
    private static final int MAX_HEADER = 2048;
    private static final int MAX_FIELDS = 8;

    private final List<Integer> dispatched = new ArrayList<>();

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void requestsOverTheLimitsAreAnsweredWithTheLimitAndTheRestDispatched(SerializeType type) {
        EmbeddedChannel channel = new EmbeddedChannel();
        TransportConfig config = TransportConfig.builder().headerLimits(MAX_HEADER, MAX_FIELDS).build();
        EmbeddedPeers.open(channel, config, (peer, frame) -> {
            dispatched.add(frame.header().opaque());
            frame.body().release();
        });

        RemotingHeader manyFields = request(type, 1);
        for (int i = 0; i <= MAX_FIELDS; i++) {
            manyFields.ext().add("k" + i, "v");
        }
        ByteBuf tooMany = frame(manyFields);
        channel.writeInbound(tooMany);
        RemotingResponse refusedFields = answer(channel);
        assertThat(refusedFields.header().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refusedFields.header().opaque()).isEqualTo(1);
        assertThat(refusedFields.header().remark()).isEqualTo(
            "the request header has more than 8 ext fields, the limit (remotingMaxExtFields)");
        assertThat(tooMany.refCnt()).as("its bytes released").isZero();
        refusedFields.close();

        RemotingHeader large = request(type, 2);
        large.ext().add("big", "x".repeat(MAX_HEADER));
        channel.writeInbound(frame(large));
        RemotingResponse refusedSize = answer(channel);
        assertThat(refusedSize.header().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refusedSize.header().opaque()).isEqualTo(2);
        assertThat(refusedSize.header().remark()).startsWith("the request header of ")
            .endsWith(" bytes exceeds the limit of 2048 bytes (remotingMaxHeaderSize)");
        refusedSize.close();

        channel.writeInbound(frame(large.opaque(3).flag(RemotingHeader.ONEWAY_FLAG)));
        assertThat(channel.<Object>readOutbound()).as("a oneway request is dropped, not answered").isNull();

        RemotingHeader withinLimits = request(type, 4);
        for (int i = 0; i < MAX_FIELDS; i++) {
            withinLimits.ext().add("k" + i, "v");
        }
        channel.writeInbound(frame(withinLimits));
        assertThat(dispatched).as("only the request within the limits reached the dispatcher").containsExactly(4);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    private static RemotingHeader request(SerializeType type, int opaque) {
        return new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, opaque).serializeType(type);
    }

    private static ByteBuf frame(RemotingHeader header) {
        ByteBuf encoded = FrameBuffers.encode(Unpooled.buffer().alloc(), new FrameEncoder(), header,
            Unpooled.wrappedBuffer(new byte[] {1, 2, 3}));
        ByteBuf flat = Unpooled.directBuffer(encoded.readableBytes()).writeBytes(encoded);
        encoded.release();
        return flat;
    }

    private static RemotingResponse answer(EmbeddedChannel channel) {
        ByteBuf bytes = channel.readOutbound();
        assertThat(bytes).as("an answer was written").isNotNull();
        FrameCapture capture = new FrameCapture();
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(1 << 20), capture);
        decoder.writeInbound(bytes);
        decoder.finishAndReleaseAll();
        assertThat(capture.frames).hasSize(1);
        return capture.frames.getFirst();
    }
}
