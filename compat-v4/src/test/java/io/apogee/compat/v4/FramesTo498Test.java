package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RocketMQ 4.9.8's {@code RemotingCommand.decode} reads every frame our {@code FrameEncoder} writes, in both
 * serializations, with every field equal to what we were given (as far as the wire carries it).
 */
class FramesTo498Test {
    private static final int SAMPLES = 1000;

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void decodes498ReadsWhatWeEncode(SerializeType type) {
        SplittableRandom random = Seeds.random("FramesTo498Test " + type);
        RandomFrames frames = new RandomFrames(random);
        for (int i = 0; i < SAMPLES; i++) {
            RandomFrames.Sample sample = frames.next(type);
            RemotingHeader sent = sample.header();
            byte[] ours = Oracle498.ourFrame(sent, ByteBuffer.wrap(sample.body()), 0, sample.body().length);
            RemotingCommand decoded = Oracle498.decode(ours);
            String context = "sample " + i + " " + sent;
            assertThat(decoded.getSerializeTypeCurrentRPC().name()).as(context).isEqualTo(type.name());
            assertThat(decoded.getCode()).as(context).isEqualTo(sent.code());
            assertThat(decoded.getLanguage().name()).as(context).isEqualTo(sent.language().name());
            assertThat(decoded.getVersion()).as(context).isEqualTo(sent.version());
            assertThat(decoded.getOpaque()).as(context).isEqualTo(sent.opaque());
            assertThat(decoded.getFlag()).as(context).isEqualTo(sent.flag());
            assertThat(decoded.getRemark()).as(context).isEqualTo(Oracle498.expectedRemark(sent.remark(), type));
            assertThat(decoded.getExtFields()).as(context).isEqualTo(Oracle498.expectedExt(sample.ext(), type));
            assertThat(decoded.getBody()).as(context).isEqualTo(Oracle498.bodyOrNull(sample.body()));
        }
    }
}
