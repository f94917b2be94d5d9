package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/** Apache RocketMQ 5.4.0's {@link RemotingCommand} as the oracle: its bytes, its decoding, and what a round trip keeps. */
final class RocketMqOracle {
    private RocketMqOracle() {
    }

    /** The whole frame RocketMQ writes for {@code command}. */
    static byte[] encode(RemotingCommand command) {
        ByteBuffer encoded = command.encode();
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        return bytes;
    }

    /** RocketMQ's decoding of a whole frame (it wants the frame without its 4 length bytes). */
    static RemotingCommand decode(byte[] frame) {
        try {
            int skip = FrameLayout.FRAME_LENGTH_SIZE;
            return RemotingCommand.decode(ByteBuffer.wrap(frame, skip, frame.length - skip));
        } catch (RemotingCommandException e) {
            throw new AssertionError("RocketMQ could not decode the frame", e);
        }
    }

    /** A string as it comes back from UTF-8: lone surrogates become '?'. */
    static String afterUtf8(String text) {
        return text == null ? null : new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    /** The remark a receiver reads: the binary header cannot tell empty from none. */
    static String expectedRemark(String sent, SerializeType type) {
        if (type == SerializeType.ROCKETMQ && sent != null && sent.isEmpty()) {
            return null;
        }
        return afterUtf8(sent);
    }

    /**
     * The ext map a receiver reads: null values are never written; in binary an empty value reads as null and an
     * empty map as none.
     */
    static Map<String, String> expectedExt(Map<String, String> sent, SerializeType type) {
        if (sent == null) {
            return null;
        }
        Map<String, String> expected = new HashMap<>();
        for (Map.Entry<String, String> entry : sent.entrySet()) {
            if (entry.getValue() != null) {
                String value = type == SerializeType.ROCKETMQ && entry.getValue().isEmpty() ? null : afterUtf8(entry.getValue());
                expected.put(afterUtf8(entry.getKey()), value);
            }
        }
        return type == SerializeType.ROCKETMQ && expected.isEmpty() ? null : expected;
    }

    /** Our decoding of a frame equals what RocketMQ was given, as far as the wire carries it. */
    static void assertDecodedAs(DecodedFrame frame, RandomHeaders.Sample sample, SerializeType type, String context) {
        RemotingHeader header = frame.header();
        RemotingCommand sent = sample.command();
        assertThat(header.code()).as(context).isEqualTo(sent.getCode());
        assertThat(header.language().name()).as(context).isEqualTo(sent.getLanguage().name());
        assertThat(header.version()).as(context).isEqualTo(sent.getVersion());
        assertThat(header.opaque()).as(context).isEqualTo(sent.getOpaque());
        assertThat(header.flag()).as(context).isEqualTo(sent.getFlag());
        assertThat(header.remark()).as(context).isEqualTo(expectedRemark(sent.getRemark(), type));
        assertThat(header.serializeType()).as(context).isEqualTo(type);
        Map<String, String> expectedExt = expectedExt(sample.ext(), type);
        assertThat(header.ext().isPresent()).as(context).isEqualTo(expectedExt != null);
        if (expectedExt != null) {
            assertThat(header.ext().toMap()).as(context).isEqualTo(expectedExt);
        }
        byte[] body = new byte[frame.bodyLength()];
        frame.buffer().get(frame.bodyOffset(), body);
        assertThat(body).as(context).isEqualTo(sample.body());
    }

    /** RocketMQ's decoding of our frame equals what we were given, as far as the wire carries it. */
    static void assertDecodedAs(RemotingCommand decoded, RandomHeaders.Sample sample, SerializeType type, String context) {
        RemotingHeader sent = sample.header();
        assertThat(decoded.getCode()).as(context).isEqualTo(sent.code());
        assertThat(decoded.getLanguage().name()).as(context).isEqualTo(sent.language().name());
        assertThat(decoded.getVersion()).as(context).isEqualTo(sent.version());
        assertThat(decoded.getOpaque()).as(context).isEqualTo(sent.opaque());
        assertThat(decoded.getFlag()).as(context).isEqualTo(sent.flag());
        assertThat(decoded.getRemark()).as(context).isEqualTo(expectedRemark(sent.remark(), type));
        assertThat(decoded.getSerializeTypeCurrentRPC().name()).as(context).isEqualTo(type.name());
        assertThat(decoded.getExtFields()).as(context).isEqualTo(expectedExt(sample.ext(), type));
        byte[] body = sample.body().length == 0 ? null : sample.body();
        assertThat(decoded.getBody()).as(context).isEqualTo(body);
    }
}
