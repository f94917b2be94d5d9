package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our {@code FrameDecoder} reads every frame RocketMQ 4.9.8's {@code RemotingCommand.encode()} writes (fastjson 1.2.69
 * JSON and ROCKETMQ binary) with every field equal: random codes, flags, opaques, versions, languages, remarks with
 * Unicode, control characters and quotes, and ext maps with Unicode values and 0x01/0x02 property strings.
 */
class FramesFrom498Test {
    private static final int SAMPLES = 1000;

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void weDecodeWhat498Encodes(SerializeType type) {
        SplittableRandom random = Seeds.random("FramesFrom498Test " + type);
        RandomFrames frames = new RandomFrames(random);
        for (int i = 0; i < SAMPLES; i++) {
            RandomFrames.Sample sample = frames.next(type);
            byte[] bytes = Oracle498.encode(sample.command());
            DecodedFrame frame = Oracle498.ourDecoding(bytes);
            RemotingHeader header = frame.header();
            RemotingCommand sent = sample.command();
            String context = "sample " + i + " " + sample.header();
            assertThat(header.serializeType()).as(context).isEqualTo(type);
            assertThat(header.code()).as(context).isEqualTo(sent.getCode());
            assertThat(header.language().name()).as(context).isEqualTo(sent.getLanguage().name());
            assertThat(header.version()).as(context).isEqualTo(sent.getVersion());
            assertThat(header.opaque()).as(context).isEqualTo(sent.getOpaque());
            assertThat(header.flag()).as(context).isEqualTo(sent.getFlag());
            assertThat(header.remark()).as(context).isEqualTo(Oracle498.expectedRemark(sent.getRemark(), type));
            Map<String, String> ext = Oracle498.expectedExt(sample.ext(), type);
            assertThat(header.ext().isPresent()).as(context).isEqualTo(ext != null);
            if (ext != null) {
                assertThat(header.ext().toMap()).as(context).isEqualTo(ext);
            }
            assertThat(Oracle498.body(frame)).as(context).isEqualTo(sample.body());
        }
    }
}
