package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every frame of every capture (real conversations of the official 5.4.0 client with the real 5.4.0 name server and
 * broker) decodes to what the capture's summary and RocketMQ's own decoder say, and re-encodes to exactly the
 * captured bytes, header and body.
 */
class CaptureRoundTripTest {
    static List<CaptureFile.Frame> frames() {
        return CaptureFile.readAll();
    }

    @ParameterizedTest
    @MethodSource("frames")
    void decodesAsTheSummaryAndRocketMqSay(CaptureFile.Frame captured) {
        DecodedFrame frame = new DecodedFrame();
        ByteBuffer buffer = captured.buffer();
        assertThat(new FrameDecoder().decode(buffer, 0, buffer.limit(), frame)).isEqualTo(captured.bytes().length);
        RemotingHeader header = frame.header();
        assertThat(header.code()).isEqualTo(captured.code());
        assertThat(header.opaque()).isEqualTo(captured.opaque());
        assertThat(header.flag()).isEqualTo(captured.flag());
        assertThat(header.isResponse()).isEqualTo(captured.isResponse());
        assertThat(header.serializeType().name()).isEqualTo(captured.serialize());
        assertThat(frame.bodyOffset()).isEqualTo(FrameLayout.PREFIX_SIZE + captured.headerLength());
        assertThat(frame.bodyLength()).isEqualTo(captured.bodyLength());

        RemotingCommand theirs = RocketMqOracle.decode(captured.bytes());
        assertThat(header.language().name()).isEqualTo(theirs.getLanguage().name());
        assertThat(header.version()).isEqualTo(theirs.getVersion());
        assertThat(header.remark()).isEqualTo(theirs.getRemark());
        assertThat(header.ext().isPresent()).isEqualTo(theirs.getExtFields() != null);
        if (theirs.getExtFields() != null) {
            assertThat(header.ext().toMap()).isEqualTo(theirs.getExtFields());
        }
    }

    @ParameterizedTest
    @MethodSource("frames")
    void reencodesToTheCapturedBytes(CaptureFile.Frame captured) {
        DecodedFrame frame = new DecodedFrame();
        ByteBuffer buffer = captured.buffer();
        new FrameDecoder().decode(buffer, 0, buffer.limit(), frame);

        FrameEncoder encoder = new FrameEncoder();
        ByteBuffer out = ByteBuffer.allocate(encoder.measure(frame.header()) + frame.bodyLength());
        int size = encoder.encode(frame.header(), frame.buffer(), frame.bodyOffset(), frame.bodyLength(), out, 0);

        assertThat(size).isEqualTo(captured.bytes().length);
        assertThat(HexFormat.of().formatHex(out.array())).isEqualTo(HexFormat.of().formatHex(captured.bytes()));
    }
}
