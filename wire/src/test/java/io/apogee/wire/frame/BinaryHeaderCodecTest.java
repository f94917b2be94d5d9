package io.apogee.wire.frame;

import static io.apogee.wire.frame.JsonHeaderDecoderTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HexFormat;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

/** The binary (ROCKETMQ) header: layout, RocketMQ's length rules, and what the layout cannot carry. */
class BinaryHeaderCodecTest {
    /** The binary example of the protocol reference, section 1: GET_ROUTEINFO_BY_TOPIC, remark "hi". */
    private static final String EXAMPLE_HEADER =
        "0069" + "00" + "0000" + "00000007" + "00000000" + "00000002" + "6869" + "00000014"
            + "0005746f706963" + "00000009546f70696354657374";

    private final BinaryHeaderDecoder decoder = new BinaryHeaderDecoder();

    private RemotingHeader decode(String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        RemotingHeader header = new RemotingHeader();
        decoder.decode(ByteBuffer.wrap(bytes), 0, bytes.length, header);
        return header;
    }

    private CorruptFrameException corrupt(String hex) {
        try {
            decode(hex);
        } catch (CorruptFrameException e) {
            return e;
        }
        throw new AssertionError("decoded without error: " + hex);
    }

    private static String encode(RemotingHeader header) {
        ByteBuffer buffer = ByteBuffer.allocate(BinaryHeaderEncoder.measure(header) + 3);
        int written = BinaryHeaderEncoder.write(header, buffer, 3);
        assertThat(written).isEqualTo(buffer.capacity() - 3);
        return HexFormat.of().formatHex(buffer.array(), 3, buffer.capacity());
    }

    @Test
    void readsAndWritesTheProtocolReferenceExample() {
        RemotingHeader header = decode(EXAMPLE_HEADER);
        assertThat(header.code()).isEqualTo(105);
        assertThat(header.language()).isEqualTo(LanguageCode.JAVA);
        assertThat(header.version()).isZero();
        assertThat(header.opaque()).isEqualTo(7);
        assertThat(header.flag()).isZero();
        assertThat(header.remark()).isEqualTo("hi");
        assertThat(header.ext().toMap()).containsExactly(entry("topic", "TopicTest"));
        assertThat(header.serializeType()).isEqualTo(SerializeType.ROCKETMQ);
        assertThat(encode(header)).isEqualTo(EXAMPLE_HEADER);
    }

    @Test
    void readsLengthZeroAsNullAndSignedFieldsAsSigned() {
        RemotingHeader header = decode("ffff" + "ff" + "8000" + "ffffffff" + "00000003" + "00000000" + "0000000d"
            + "0001" + "61" + "00000000" + "0000" + "00000000");
        assertThat(header.code()).isEqualTo(-1);
        assertThat(header.language()).isNull();
        assertThat(header.version()).isEqualTo(Short.MIN_VALUE);
        assertThat(header.opaque()).isEqualTo(-1);
        assertThat(header.flag()).isEqualTo(3);
        assertThat(header.remark()).isNull();
        ExtFields ext = header.ext();
        assertThat(ext.size()).isEqualTo(2);
        assertThat(ext.keyString(0)).isEqualTo("a");
        assertThat(ext.isNull(0)).isTrue();
        assertThat(ext.keyLength(1)).as("RocketMQ's null key").isZero();
        assertThat(ext.isNull(1)).isTrue();
    }

    @Test
    void anExtLengthOfZeroMeansNoExtFields() {
        RemotingHeader header = decode("0022" + "00" + "01ed" + "00000004" + "00000000" + "00000000" + "00000000");
        assertThat(header.code()).isEqualTo(34);
        assertThat(header.version()).isEqualTo(493);
        assertThat(header.ext().isPresent()).isFalse();
    }

    @Test
    void writesNullAndEmptyRemarksAsLengthZeroAndSkipsNullValues() {
        RemotingHeader header = new RemotingHeader().asRequest(105, 7).serializeType(SerializeType.ROCKETMQ).remark("");
        header.ext().markPresent();
        String empty = "0069" + "00" + "0000" + "00000007" + "00000000" + "00000000" + "00000000";
        assertThat(encode(header)).isEqualTo(empty);
        header.remark(null);
        header.ext().putAll(nullValued("gone"));
        assertThat(encode(header)).isEqualTo(empty);
        header.ext().add("k", "");
        assertThat(encode(header)).isEqualTo("0069" + "00" + "0000" + "00000007" + "00000000" + "00000000" + "00000007"
            + "00016b" + "00000000");
    }

    @Test
    void refusesWhatTheLayoutCannotCarry() {
        RemotingHeader pop = new RemotingHeader().asRequest(200050, 1).serializeType(SerializeType.ROCKETMQ);
        assertThat(BinaryHeaderEncoder.canEncode(pop)).isFalse();
        assertThatThrownBy(() -> BinaryHeaderEncoder.measure(pop)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("the binary (ROCKETMQ) header cannot carry code 200050 (an int16 field); encode this frame as JSON");
        assertThatThrownBy(() -> new FrameEncoder().measure(pop)).hasMessageContaining("encode this frame as JSON");

        RemotingHeader version = new RemotingHeader().asRequest(1, 1).version(32768);
        assertThat(BinaryHeaderEncoder.canEncode(version)).isFalse();
        assertThatThrownBy(() -> BinaryHeaderEncoder.measure(version)).hasMessageContaining("version 32768 (an int16 field)");

        RemotingHeader noLanguage = new RemotingHeader().asRequest(1, 1).language(null);
        assertThatThrownBy(() -> BinaryHeaderEncoder.measure(noLanguage)).hasMessageContaining("a null language");

        RemotingHeader longKey = new RemotingHeader().asRequest(1, 1);
        longKey.ext().add("k".repeat(BinaryHeaderLayout.MAX_KEY_LENGTH + 1), "v");
        assertThatThrownBy(() -> BinaryHeaderEncoder.measure(longKey)).hasMessageContaining("an ext key of 32768 bytes");

        RemotingHeader edges = new RemotingHeader().asRequest(Short.MIN_VALUE, 1).version(Short.MAX_VALUE);
        edges.ext().add("k".repeat(BinaryHeaderLayout.MAX_KEY_LENGTH), "v");
        assertThat(BinaryHeaderEncoder.canEncode(edges)).isTrue();
        assertThat(decode(encode(edges)).code()).isEqualTo(Short.MIN_VALUE);
    }

    @Test
    void theSameHeaderTravelsAsJsonWhereBinaryCannotCarryIt() {
        RemotingHeader pop = new RemotingHeader().asRequest(200050, 9).serializeType(SerializeType.JSON);
        FrameEncoder encoder = new FrameEncoder();
        ByteBuffer buffer = ByteBuffer.allocate(encoder.measure(pop));
        encoder.encode(pop, 0, buffer, 0);
        RemotingCommand theirs = RocketMqOracle.decode(buffer.array());
        assertThat(theirs.getCode()).isEqualTo(200050);
    }

    @Test
    void reportsAHeaderShorterThanItsFixedPart() {
        assertError(corrupt("0069" + "00" + "0000" + "00000007"), FrameError.HEADER_TRUNCATED,
            "binary header: the header ends before its code, language, version, opaque, flag and remark length (17 bytes needed, 9 left)");
        assertError(corrupt("0069" + "00" + "0000" + "00000007" + "00000000" + "00000002" + "6869" + "0000"), FrameError.HEADER_TRUNCATED,
            "the header ends before its ext length (4 bytes needed, 2 left)");
    }

    @Test
    void reportsLengthsThatDoNotFit() {
        String fixed = "0069" + "00" + "0000" + "00000007" + "00000000";
        assertError(corrupt(fixed + "ffffffff" + "00000000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "binary header: remark length -1 at header byte 13 is out of range: 4 bytes left in the header of 21 bytes");
        assertError(corrupt(fixed + "00000100" + "00000000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE, "remark length 256");
        assertError(corrupt(fixed + "00000000" + "00000001"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext fields length 1 at header byte 17 is out of range: 0 bytes left in the header");
        assertError(corrupt(fixed + "00000000" + "80000000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE, "ext fields length -2147483648");
        assertError(corrupt(fixed + "00000000" + "00000005" + "0001610000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext entry 0 at header byte 21 needs at least 6 bytes, 5 left in the ext fields");
        assertError(corrupt(fixed + "00000000" + "00000006" + "ffff00000000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext entry 0 key length -1 at header byte 21");
        assertError(corrupt(fixed + "00000000" + "00000007" + "00056100000000"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext entry 0 key length 5");
        assertError(corrupt(fixed + "00000000" + "00000008" + "00016100000002" + "62"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext entry 0 value length 2 at header byte 24 is out of range: 1 bytes left in the ext fields of 8 bytes");
        assertError(corrupt(fixed + "00000000" + "0000000f" + "0001610000000162" + "000162ffffffff"), FrameError.FIELD_LENGTH_OUT_OF_RANGE,
            "ext entry 1 value length -1");
    }

    @Test
    void reportsBytesAfterTheExtFields() {
        assertError(corrupt("0069" + "00" + "0000" + "00000007" + "00000000" + "00000000" + "00000000" + "ab"), FrameError.TRAILING_BYTES,
            "binary header: 1 bytes follow the ext fields at header byte 21");
    }

    private static HashMap<String, String> nullValued(String key) {
        HashMap<String, String> map = new HashMap<>();
        map.put(key, null);
        return map;
    }
}
