package io.apogee.wire.frame;

import static io.apogee.wire.frame.JsonHeaderDecoderTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The frame envelope: whole frames, "need more bytes" for every prefix, and each corrupt-envelope error. */
class FrameDecoderTest {
    private static final String JSON_EXAMPLE_HEADER = "{\"code\":105,\"extFields\":{\"topic\":\"TopicTest\"},\"flag\":0,"
        + "\"language\":\"JAVA\",\"opaque\":7,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":0}";
    private static final String BINARY_EXAMPLE = "0000002f0100002b" + "0069" + "00" + "0000" + "00000007" + "00000000" + "00000002"
        + "6869" + "00000014" + "0005746f706963" + "00000009546f70696354657374";

    private final FrameDecoder decoder = new FrameDecoder();
    private final DecodedFrame frame = new DecodedFrame();

    private static byte[] jsonFrame(String header, byte[] body) {
        byte[] headerBytes = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer frame = ByteBuffer.allocate(FrameLayout.PREFIX_SIZE + headerBytes.length + body.length);
        frame.putInt(FrameLayout.MIN_FRAME_LENGTH + headerBytes.length + body.length).putInt(headerBytes.length).put(headerBytes).put(body);
        return frame.array();
    }

    private static ByteBuffer bytes(String hex) {
        return ByteBuffer.wrap(HexFormat.of().parseHex(hex));
    }

    private CorruptFrameException corrupt(ByteBuffer buffer) {
        try {
            decoder.decode(buffer, 0, buffer.limit(), frame);
        } catch (CorruptFrameException e) {
            return e;
        }
        throw new AssertionError("decoded without error");
    }

    @Test
    void decodesTheJsonExampleOfTheProtocolReference() {
        byte[] bytes = jsonFrame(JSON_EXAMPLE_HEADER, new byte[0]);
        assertThat(HexFormat.of().formatHex(bytes, 0, 8)).isEqualTo("0000008500000081");
        assertThat(decoder.decode(ByteBuffer.wrap(bytes), 0, bytes.length, frame)).isEqualTo(bytes.length);
        assertThat(frame.header().code()).isEqualTo(105);
        assertThat(frame.header().opaque()).isEqualTo(7);
        assertThat(frame.header().ext().toMap()).containsExactly(entry("topic", "TopicTest"));
        assertThat(frame.hasBody()).isFalse();
    }

    @Test
    void decodesTheBinaryExampleOfTheProtocolReference() {
        ByteBuffer buffer = bytes(BINARY_EXAMPLE);
        assertThat(decoder.decode(buffer, 0, buffer.limit(), frame)).isEqualTo(51);
        assertThat(frame.header().serializeType()).isEqualTo(SerializeType.ROCKETMQ);
        assertThat(frame.header().remark()).isEqualTo("hi");
        assertThat(frame.header().ext().toMap()).containsExactly(entry("topic", "TopicTest"));
    }

    @Test
    void pointsAtTheBodyInsideTheSameBufferWithoutTouchingItsState() {
        byte[] bytes = jsonFrame("{\"code\":1}", "body!".getBytes(StandardCharsets.US_ASCII));
        ByteBuffer buffer = RocketMqCompatibilityTest.place(bytes, 3, 5, true);
        buffer.position(2).limit(buffer.capacity() - 1);
        assertThat(decoder.decode(buffer, 3, bytes.length, frame)).isEqualTo(bytes.length);
        assertThat(frame.buffer()).isSameAs(buffer);
        assertThat(frame.frameOffset()).isEqualTo(3);
        assertThat(frame.frameSize()).isEqualTo(bytes.length);
        assertThat(frame.bodyOffset()).isEqualTo(3 + 8 + 10);
        assertThat(frame.bodyLength()).isEqualTo(5);
        byte[] body = new byte[5];
        buffer.get(frame.bodyOffset(), body);
        assertThat(new String(body, StandardCharsets.US_ASCII)).isEqualTo("body!");
        assertThat(buffer.position()).isEqualTo(2);
        assertThat(buffer.limit()).isEqualTo(buffer.capacity() - 1);
    }

    @Test
    void decodesFramesOneAfterAnotherFromOneRegion() {
        byte[] first = jsonFrame("{\"code\":1}", new byte[] {1, 2});
        byte[] second = HexFormat.of().parseHex(BINARY_EXAMPLE);
        ByteBuffer buffer = ByteBuffer.allocate(first.length + second.length + 3);
        buffer.put(first).put(second).put(new byte[] {0, 0, 0}).flip();
        int at = 0;
        at += decoder.decode(buffer, at, buffer.limit() - at, frame);
        assertThat(frame.header().code()).isEqualTo(1);
        at += decoder.decode(buffer, at, buffer.limit() - at, frame);
        assertThat(frame.header().code()).isEqualTo(105);
        assertThat(decoder.decode(buffer, at, buffer.limit() - at, frame)).isEqualTo(FrameDecoder.NEED_MORE_BYTES);
    }

    @Test
    void everyPrefixOfEveryCapturedFrameNeedsMoreBytes() {
        for (CaptureFile.Frame captured : CaptureFile.readAll()) {
            ByteBuffer buffer = captured.buffer();
            for (int length = 0; length < captured.bytes().length; length++) {
                assertThat(decoder.decode(buffer, 0, length, frame)).as(captured + " prefix " + length)
                    .isEqualTo(FrameDecoder.NEED_MORE_BYTES);
            }
            assertThat(decoder.decode(buffer, 0, captured.bytes().length, frame)).isEqualTo(captured.bytes().length);
        }
    }

    @Test
    void tellsTheFrameSizeOnceFourBytesAreThere() {
        ByteBuffer buffer = bytes(BINARY_EXAMPLE);
        assertThat(decoder.frameSize(buffer, 0, 3)).isEqualTo(FrameDecoder.NEED_MORE_BYTES);
        assertThat(decoder.frameSize(buffer, 0, 4)).isEqualTo(51);
    }

    @Test
    void checksTheFrameLengthWithOnlyItsFourBytes() {
        assertError(corrupt(bytes("ffffffff")), FrameError.NEGATIVE_FRAME_LENGTH, "frame length -1 is negative");
        assertError(corrupt(bytes("80000000")), FrameError.NEGATIVE_FRAME_LENGTH, "frame length -2147483648 is negative");
        for (int length = 0; length < FrameLayout.MIN_FRAME_LENGTH; length++) {
            assertError(corrupt(ByteBuffer.allocate(4).putInt(0, length)), FrameError.FRAME_TOO_SHORT,
                "frame length " + length + " leaves no room for the 4-byte serialize type and header length");
        }
        assertError(corrupt(bytes("00fffffd")), FrameError.FRAME_TOO_LONG,
            "frame length 16777213 exceeds the limit of 16777212 (frames of at most 16777216 bytes)");
        assertError(corrupt(bytes("7fffffff")), FrameError.FRAME_TOO_LONG, "frame length 2147483647 exceeds");
        assertThat(decoder.decode(bytes("00fffffc"), 0, 4, frame)).isEqualTo(FrameDecoder.NEED_MORE_BYTES);
    }

    @Test
    void honoursAConfiguredLimit() {
        FrameDecoder small = new FrameDecoder(64);
        assertThat(small.maxFrameSize()).isEqualTo(64);
        assertThat(small.frameSize(bytes("0000003c"), 0, 4)).isEqualTo(64);
        assertThatThrownBy(() -> small.frameSize(bytes("0000003d"), 0, 4)).isInstanceOf(CorruptFrameException.class)
            .hasMessage("frame length 61 exceeds the limit of 60 (frames of at most 64 bytes)");
        assertThatThrownBy(() -> new FrameDecoder(7)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checksTypeAndHeaderLengthWithOnlyEightBytes() {
        assertError(corrupt(bytes("0000001002000005")), FrameError.UNKNOWN_SERIALIZE_TYPE,
            "serialize type 2 is neither JSON (0) nor ROCKETMQ (1)");
        assertError(corrupt(bytes("00000010ff000005")), FrameError.UNKNOWN_SERIALIZE_TYPE, "serialize type 255");
        assertError(corrupt(bytes("0000000a00000007")), FrameError.HEADER_LENGTH_BEYOND_FRAME,
            "header length 7 exceeds the 6 bytes the frame length leaves after the type word");
        assertError(corrupt(bytes("0000000401000001")), FrameError.HEADER_LENGTH_BEYOND_FRAME, "header length 1 exceeds the 0 bytes");
        assertThat(decoder.decode(bytes("0000000a00000006"), 0, 8, frame)).isEqualTo(FrameDecoder.NEED_MORE_BYTES);
    }

    @Test
    void passesHeaderDefectsOn() {
        assertError(corrupt(ByteBuffer.wrap(jsonFrame("{\"code\":1", new byte[3]))), FrameError.HEADER_TRUNCATED, "JSON header");
        assertError(corrupt(bytes("0000000801000004" + "00010000")), FrameError.HEADER_TRUNCATED, "binary header");
        assertError(corrupt(bytes("0000000400000000")), FrameError.HEADER_TRUNCATED, "JSON header: the header ends where '{'");
    }

    @Test
    void refusesRegionsOutsideTheBufferAndLittleEndianBuffers() {
        ByteBuffer buffer = bytes(BINARY_EXAMPLE);
        assertThatThrownBy(() -> decoder.decode(buffer, 10, buffer.limit(), frame)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> decoder.decode(buffer, -1, 4, frame)).isInstanceOf(IndexOutOfBoundsException.class);
        ByteBuffer little = bytes(BINARY_EXAMPLE).order(ByteOrder.LITTLE_ENDIAN);
        assertThatThrownBy(() -> decoder.decode(little, 0, little.limit(), frame)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("big-endian");
    }
}
