package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.testing.CaptureFile;
import java.util.List;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The captured conversations come from RocketMQ 5.4.0; the broker answers 4.9.8 clients with the same encoder. For
 * every captured frame, RocketMQ 4.9.8 decodes our re-encoding of it with every field equal to our decoding, and
 * exactly as it decodes the captured bytes themselves.
 */
class CapturedFramesTo498Test {
    static List<CaptureFile.Frame> frames() {
        return CaptureFile.readAll();
    }

    @ParameterizedTest
    @MethodSource("frames")
    void decodes498ReadsOurReencoding(CaptureFile.Frame captured) {
        DecodedFrame frame = Oracle498.ourDecoding(captured.bytes());
        RemotingHeader header = frame.header();
        byte[] ours = Oracle498.ourFrame(header, frame.buffer(), frame.bodyOffset(), frame.bodyLength());
        RemotingCommand decoded = Oracle498.decode(ours);

        assertThat(decoded.getSerializeTypeCurrentRPC().name()).isEqualTo(header.serializeType().name());
        assertThat(decoded.getCode()).isEqualTo(header.code()).isEqualTo(captured.code());
        assertThat(decoded.getLanguage().name()).isEqualTo(header.language().name());
        assertThat(decoded.getVersion()).isEqualTo(header.version());
        assertThat(decoded.getOpaque()).isEqualTo(header.opaque()).isEqualTo(captured.opaque());
        assertThat(decoded.getFlag()).isEqualTo(header.flag()).isEqualTo(captured.flag());
        assertThat(decoded.getRemark()).isEqualTo(header.remark());
        assertThat(decoded.getExtFields())
            .isEqualTo(header.ext().isPresent() ? Oracle498.expectedExt(header.ext().toMap(), header.serializeType()) : null);
        assertThat(decoded.getBody()).isEqualTo(Oracle498.bodyOrNull(captured.body()));

        RemotingCommand direct = Oracle498.decode(captured.bytes());
        assertThat(decoded.getExtFields()).isEqualTo(direct.getExtFields());
        assertThat(decoded.getRemark()).isEqualTo(direct.getRemark());
        assertThat(decoded.getVersion()).isEqualTo(direct.getVersion());
        assertThat(decoded.getLanguage()).isEqualTo(direct.getLanguage());
    }
}
