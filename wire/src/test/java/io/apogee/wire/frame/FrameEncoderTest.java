package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

/** The frame encoder: exact size first, prefix and header at an index, body left to the caller, misuse refused. */
class FrameEncoderTest {
    private final FrameEncoder encoder = new FrameEncoder();

    private static RemotingHeader sendRequest(SerializeType type) {
        RemotingHeader header = new RemotingHeader().asRequest(310, 8).version(493).serializeType(type);
        header.ext().add("b", "TopicTest").add("a", "PG").add("i", "KEYS\u0001k\u0002");
        return header;
    }

    @Test
    void writesPrefixAndHeaderAtAnIndexAndLeavesTheBodyToTheCaller() {
        RemotingHeader header = sendRequest(SerializeType.JSON);
        HashMap<String, String> ext = new HashMap<>();
        header.ext().toMap().forEach(ext::put);
        assertThat(new HashMapOrder().reorder(header.ext())).isTrue(); // b, a, i put into a HashMap iterate as a, b, i
        byte[] body = "hello".getBytes(StandardCharsets.US_ASCII);
        int front = encoder.measure(header);
        ByteBuffer buffer = ByteBuffer.allocate(10 + front + body.length + 4);
        buffer.position(1).limit(buffer.capacity() - 2);
        assertThat(encoder.encode(header, body.length, buffer, 10)).isEqualTo(front);
        buffer.put(10 + front, body);
        assertThat(buffer.position()).isEqualTo(1);
        assertThat(buffer.limit()).isEqualTo(buffer.capacity() - 2);

        RemotingCommand theirs = RemotingCommand.createRequestCommand(310, null);
        theirs.setVersion(493);
        theirs.setOpaque(8);
        theirs.setExtFields(ext);
        theirs.setBody(body);
        byte[] expected = RocketMqOracle.encode(theirs);
        byte[] ours = new byte[front + body.length];
        buffer.get(10, ours);
        assertThat(HexFormat.of().formatHex(ours)).isEqualTo(HexFormat.of().formatHex(expected));
    }

    @Test
    void answersAResponseInTheSerializationOfItsRequest() {
        for (SerializeType type : SerializeType.values()) {
            RemotingHeader response = new RemotingHeader().asResponseTo(sendRequest(type), 0);
            ByteBuffer buffer = ByteBuffer.allocate(encoder.measure(response));
            encoder.encode(response, 0, buffer, 0);
            assertThat(FrameLayout.serializeTypeCode(buffer.getInt(FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET))).isEqualTo(type.code());
            DecodedFrame frame = new DecodedFrame();
            new FrameDecoder().decode(buffer, 0, buffer.limit(), frame);
            assertThat(frame.header().serializeType()).isEqualTo(type);
            assertThat(frame.header().isResponse()).isTrue();
            assertThat(frame.header().opaque()).isEqualTo(8);
        }
    }

    @Test
    void refusesABufferWithoutRoom() {
        RemotingHeader header = sendRequest(SerializeType.ROCKETMQ);
        int front = encoder.measure(header);
        ByteBuffer buffer = ByteBuffer.allocate(front + 2);
        assertThatThrownBy(() -> encoder.encode(header, 0, buffer, 3)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("the buffer has " + (front - 1) + " bytes from index 3, the frame's prefix and header need " + front);
        assertThatThrownBy(() -> encoder.encode(header, ByteBuffer.allocate(9), 0, 9, buffer, 0))
            .hasMessage("the buffer has no room for the 9-byte body");
        assertThatThrownBy(() -> encoder.encode(header, 0, buffer.order(ByteOrder.LITTLE_ENDIAN), 0)).hasMessageContaining("big-endian");
    }

    @Test
    void refusesFramesThePeerWouldRefuse() {
        RemotingHeader header = sendRequest(SerializeType.JSON);
        FrameEncoder small = new FrameEncoder(200);
        int front = small.measure(header);
        ByteBuffer buffer = ByteBuffer.allocate(front);
        small.encode(header, 200 - front, buffer, 0);
        assertThatThrownBy(() -> small.encode(header, 201 - front, buffer, 0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("exceeds the limit of 200 bytes");
        assertThatThrownBy(() -> encoder.encode(header, Integer.MAX_VALUE, buffer, 0)).hasMessageContaining("exceeds the limit");
        assertThatThrownBy(() -> encoder.encode(header, -1, buffer, 0)).hasMessage("negative body length -1");
    }

    @Test
    void refusesAHeaderLongerThanTwentyFourBitsCanSay() {
        RemotingHeader header = new RemotingHeader().asRequest(1, 1).remark("x".repeat(FrameLayout.MAX_HEADER_LENGTH));
        assertThatThrownBy(() -> new FrameEncoder(Integer.MAX_VALUE).measure(header)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("exceeds the 16777215 bytes its 24-bit length can describe");
    }

    @Test
    void writesTheTypeWordAsRocketMqDoes() {
        RemotingHeader header = new RemotingHeader().asRequest(105, 7).language(LanguageCode.JAVA).serializeType(SerializeType.ROCKETMQ)
            .remark("hi");
        header.ext().add("topic", "TopicTest");
        ByteBuffer buffer = ByteBuffer.allocate(encoder.measure(header));
        encoder.encode(header, 0, buffer, 0);
        assertThat(HexFormat.of().formatHex(buffer.array())).isEqualTo("0000002f0100002b" + "0069" + "00" + "0000" + "00000007"
            + "00000000" + "00000002" + "6869" + "00000014" + "0005746f706963" + "00000009546f70696354657374");
    }
}
