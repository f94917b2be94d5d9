package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.SerializeType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Our JSON frames against RocketMQ 4.9.8's, which fastjson 1.2.69 writes. Our encoder writes fastjson2's bytes
 * (RocketMQ 5.4.0). The two libraries agree on key order (bean fields sorted, ext entries in {@code HashMap}
 * iteration order), on null fields, on enum names and on every escape but these, all in strings:
 *
 * <pre>
 *  char                              fastjson 1.2.69 (4.9.8)   fastjson2 (5.4.0, ours)
 *  0x00-0x1F without a short escape  &#92;u001F (upper-case hex)  &#92;u001f (lower-case hex)
 *  0x7F DEL, U+0080-U+009F (C1)      &#92;u007F, &#92;u0080...          raw UTF-8
 *  U+2028, U+2029                    &#92;u2028, &#92;u2029            raw UTF-8
 * </pre>
 *
 * Both decoders read either form (see {@link FramesTo498Test} and {@link FramesFrom498Test}), so the difference
 * is harmless. Where no such character occurs the bytes are identical; elsewhere they are identical once 4.9.8's
 * escapes of those characters are rewritten in fastjson2's form.
 */
class JsonFrameBytes498Test {
    private static final int SAMPLES = 1000;
    private static final int PREFIX = 8;

    @Test
    void identicalBytesWhenNoCharacterTheLibrariesEscapeDifferently() {
        SplittableRandom random = Seeds.random("JsonFrameBytes498Test.identical");
        RandomFrames frames = new RandomFrames(random);
        int compared = 0;
        for (int i = 0; i < SAMPLES; i++) {
            RandomFrames.Sample sample = frames.next(SerializeType.JSON);
            byte[] theirs = Oracle498.encode(sample.command());
            if (!Fastjson1Escapes.hasDifferentEscape(header(theirs))) {
                compared++;
                assertThat(ours(sample)).as("sample " + i + " " + header(theirs)).isEqualTo(theirs);
            }
        }
        assertThat(compared).as("samples without a differently escaped character").isGreaterThan(SAMPLES / 20);
    }

    @Test
    void identicalBytesOnce498sEscapesAreWrittenAsFastjson2Does() {
        SplittableRandom random = Seeds.random("JsonFrameBytes498Test.normalised");
        RandomFrames frames = new RandomFrames(random);
        for (int i = 0; i < SAMPLES; i++) {
            RandomFrames.Sample sample = frames.next(SerializeType.JSON);
            byte[] theirs = Oracle498.encode(sample.command());
            byte[] ours = ours(sample);
            String context = "sample " + i + " " + header(theirs);
            assertThat(header(ours)).as(context).isEqualTo(Fastjson1Escapes.asFastjson2(header(theirs)));
            assertThat(Arrays.copyOfRange(ours, PREFIX + headerLength(ours), ours.length)).as(context)
                .isEqualTo(Arrays.copyOfRange(theirs, PREFIX + headerLength(theirs), theirs.length));
            assertThat(ByteBuffer.wrap(ours).getInt(0) - headerLength(ours)).as(context)
                .isEqualTo(ByteBuffer.wrap(theirs).getInt(0) - headerLength(theirs));
        }
    }

    @Test
    void theDifferingEscapesThemselves() {
        RandomFrames.Sample sample = new RandomFrames(new SplittableRandom(1)).next(SerializeType.JSON);
        sample.command().setRemark("a\u000Bb\u007Fc\u2028d\u2029e\u001Ff\tg\u0001h\u0085i\u009F\u00A0");
        sample.command().setExtFields(null);
        sample.header().remark(sample.command().getRemark()).ext().clear();
        String theirs = header(Oracle498.encode(sample.command()));
        String ours = header(ours(sample));
        assertThat(theirs).contains("\"remark\":\"a\\u000Bb\\u007Fc\\u2028d\\u2029e\\u001Ff\\tg\\u0001h\\u0085i\\u009F\u00A0\"");
        assertThat(ours).contains("\"remark\":\"a\\u000bb\u007Fc\u2028d\u2029e\\u001ff\\tg\\u0001h\u0085i\u009F\u00A0\"");
        assertThat(Fastjson1Escapes.asFastjson2(theirs)).isEqualTo(ours);
    }

    private static byte[] ours(RandomFrames.Sample sample) {
        return Oracle498.ourFrame(sample.header(), ByteBuffer.wrap(sample.body()), 0, sample.body().length);
    }

    private static int headerLength(byte[] frame) {
        return ByteBuffer.wrap(frame).getInt(4) & 0xFFFFFF;
    }

    private static String header(byte[] frame) {
        return new String(frame, PREFIX, headerLength(frame), StandardCharsets.UTF_8);
    }
}
