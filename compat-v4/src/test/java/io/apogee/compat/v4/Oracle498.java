package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.FrameDecoder;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/** RocketMQ 4.9.8's {@link RemotingCommand} as the oracle for frames, and our codec around it. */
final class Oracle498 {
    private static final int LENGTH_PREFIX = 4;

    private Oracle498() {
    }

    /** The whole frame 4.9.8 writes for {@code command}, length prefix included. */
    static byte[] encode(RemotingCommand command) {
        ByteBuffer encoded = command.encode();
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        return bytes;
    }

    /** 4.9.8's reading of a whole frame (its decoder wants the frame without the 4 length bytes). */
    static RemotingCommand decode(byte[] frame) {
        try {
            return RemotingCommand.decode(ByteBuffer.wrap(frame, LENGTH_PREFIX, frame.length - LENGTH_PREFIX));
        } catch (RemotingCommandException e) {
            throw new AssertionError("RocketMQ 4.9.8 could not decode the frame", e);
        }
    }

    /** Our whole frame for a header and body. */
    static byte[] ourFrame(RemotingHeader header, ByteBuffer body, int bodyOffset, int bodyLength) {
        FrameEncoder encoder = new FrameEncoder();
        ByteBuffer buffer = ByteBuffer.allocate(encoder.measure(header) + bodyLength);
        int size = encoder.encode(header, body, bodyOffset, bodyLength, buffer, 0);
        assertThat(size).isEqualTo(buffer.capacity());
        return buffer.array();
    }

    /** Our decoding of a whole frame, which must take exactly all of its bytes. */
    static DecodedFrame ourDecoding(byte[] frame) {
        DecodedFrame decoded = new DecodedFrame();
        assertThat(new FrameDecoder().decode(ByteBuffer.wrap(frame), 0, frame.length, decoded)).isEqualTo(frame.length);
        return decoded;
    }

    /** A string as it comes back from UTF-8: a lone surrogate becomes '?'. */
    static String afterUtf8(String text) {
        return text == null ? null : new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    /** The remark a receiver reads: the binary header cannot tell empty from none. */
    static String expectedRemark(String sent, SerializeType type) {
        return type == SerializeType.ROCKETMQ && sent != null && sent.isEmpty() ? null : afterUtf8(sent);
    }

    /**
     * The ext map a receiver reads: null values are never written; in binary an empty value reads as null and an empty
     * map as none.
     */
    static Map<String, String> expectedExt(Map<String, String> sent, SerializeType type) {
        if (sent == null) {
            return null;
        }
        Map<String, String> expected = new HashMap<>();
        sent.forEach((key, value) -> {
            if (value != null) {
                expected.put(afterUtf8(key), type == SerializeType.ROCKETMQ && value.isEmpty() ? null : afterUtf8(value));
            }
        });
        return type == SerializeType.ROCKETMQ && expected.isEmpty() ? null : expected;
    }

    /** The body as 4.9.8 hands it out: null when empty. */
    static byte[] bodyOrNull(byte[] body) {
        return body == null || body.length == 0 ? null : body;
    }

    /** The body of one of our decoded frames. */
    static byte[] body(DecodedFrame frame) {
        byte[] body = new byte[frame.bodyLength()];
        frame.buffer().get(frame.bodyOffset(), body);
        return body;
    }
}
