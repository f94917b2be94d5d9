package io.apogee.wire.message.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class BatchBodyEncoderTest {
    private final BatchBodyEncoder encoder = new BatchBodyEncoder();

    @Test
    void documentedExampleEntry() {
        OutboundMessage message = new OutboundMessage().topic("T").body("ab".getBytes(StandardCharsets.US_ASCII)).putProperty("a", "1");
        ByteBuffer buffer = ByteBuffer.allocate(28);
        assertThat(encoder.encode(List.of(message), buffer, 0)).isEqualTo(EncodeStatus.OK);
        assertThat(encoder.length()).isEqualTo(28);
        assertThat(HexFormat.of().formatHex(buffer.array())).isEqualTo("0000001c000000000000000000000000000000026162000461013102");
    }

    @Test
    void randomBatchesEqualRocketMqsEncodingAndDecodeWithIt() throws Exception {
        SplittableRandom random = Seeds.random("BatchBodyEncoderTest.random");
        for (int round = 0; round < 300; round++) {
            int count = 1 + random.nextInt(20);
            List<Message> theirs = new ArrayList<>();
            List<OutboundMessage> ours = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] body = RandomText.bytes(random, random.nextInt(10) == 0 ? random.nextInt(70_000) : random.nextInt(300));
                HashMap<String, String> properties = RocketMessages.properties(random, 10);
                int flag = random.nextInt();
                theirs.add(RocketMessages.message("Topic", flag, body, properties));
                OutboundMessage message = RocketMessages.outbound("Topic", flag, body, properties);
                if (random.nextBoolean()) {
                    ByteBuffer direct = ByteBuffer.allocateDirect(body.length + 7).put(7, body);
                    message.body(direct, 7, body.length);
                }
                ours.add(message);
            }
            byte[] expected = MessageDecoder.encodeMessages(theirs);
            int offset = random.nextInt(10);
            ByteBuffer destination = random.nextBoolean() ? ByteBuffer.allocate(offset + expected.length)
                : ByteBuffer.allocateDirect(offset + expected.length);
            assertThat(encoder.encode(ours, destination, offset)).isEqualTo(EncodeStatus.OK);
            assertThat(encoder.length()).isEqualTo(expected.length);
            assertThat(RocketMessages.bytes(destination, offset, expected.length)).isEqualTo(expected);

            List<Message> decoded = MessageDecoder.decodeMessages(ByteBuffer.wrap(expected));
            assertThat(decoded).hasSize(count);
            for (int i = 0; i < count; i++) {
                assertThat(decoded.get(i).getBody()).isEqualTo(theirs.get(i).getBody());
                assertThat(decoded.get(i).getFlag()).isEqualTo(theirs.get(i).getFlag());
                assertThat(decoded.get(i).getProperties()).isEqualTo(wireProperties(theirs.get(i).getProperties()));
            }
        }
    }

    /**
     * Messages whose names and values are often the very same strings as the previous message's (copied from its
     * bytes), sometimes equal but distinct strings or builders (encoded), in slots whose texts change length.
     */
    @Test
    void sharedTextsEqualRocketMqsEncoding() {
        SplittableRandom random = Seeds.random("BatchBodyEncoderTest.shared");
        String[] names = {"KEYS", "TAGS", "WAIT", "UNIQ_KEY", "r\u00E9gion", "\u540D\u524D", "a"};
        String[] values = {"TagA", "true", "Z\u00FCrich-\u6771\u4EAC-1", "x".repeat(40), "\uD83D\uDE00 ok", "\uD800?", "7"};
        for (int round = 0; round < 300; round++) {
            int count = 1 + random.nextInt(12);
            List<Message> theirs = new ArrayList<>();
            List<OutboundMessage> ours = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                HashMap<String, String> properties = new HashMap<>();
                for (int p = random.nextInt(names.length + 1); p > 0; p--) {
                    String name = names[random.nextInt(names.length)];
                    String value = values[random.nextInt(values.length)];
                    properties.put(random.nextInt(8) == 0 ? new String(name) : name,
                        random.nextInt(8) == 0 ? new String(value) : value);
                }
                byte[] body = RandomText.bytes(random, random.nextInt(50));
                theirs.add(RocketMessages.message("Topic", i, body, properties));
                OutboundMessage message = RocketMessages.outbound("Topic", i, body, properties);
                if (random.nextInt(6) == 0 && message.propertyCount() > 0) {
                    message.putProperty(message.propertyName(0), new StringBuilder(message.propertyValue(0)));
                }
                ours.add(message);
            }
            byte[] expected = MessageDecoder.encodeMessages(theirs);
            int offset = random.nextInt(10);
            ByteBuffer destination = random.nextBoolean() ? ByteBuffer.allocate(offset + expected.length)
                : ByteBuffer.allocateDirect(offset + expected.length);
            assertThat(encoder.encode(ours, destination, offset)).isEqualTo(EncodeStatus.OK);
            assertThat(RocketMessages.bytes(destination, offset, expected.length)).isEqualTo(expected);
        }
    }

    /** Properties as they survive the wire: UTF-8 round trip, empty values dropped. */
    private static Map<String, String> wireProperties(Map<String, String> properties) {
        String text = MessageDecoder.messageProperties2String(properties);
        return MessageDecoder.string2messageProperties(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }

    @Test
    void aFourMebibyteBodyEqualsRocketMqsEncoding() {
        SplittableRandom random = Seeds.random("BatchBodyEncoderTest.large");
        byte[] body = RandomText.bytes(random, 4 * 1024 * 1024);
        HashMap<String, String> properties = RocketMessages.properties(random, 4);
        byte[] expected = MessageDecoder.encodeMessages(List.of(RocketMessages.message("T", 1, body, properties)));
        assertThat(encoder.encode(List.of(RocketMessages.outbound("T", 1, body, properties)))).isEqualTo(EncodeStatus.OK);
        assertThat(RocketMessages.bytes(encoder.encoded(), 0, encoder.length())).isEqualTo(expected);
    }

    @Test
    void ownBufferIsReusedAndGrown() {
        OutboundMessage small = new OutboundMessage().body(new byte[10]).tags("A");
        OutboundMessage large = new OutboundMessage().body(new byte[5000]).tags("B");
        assertThat(encoder.encode(List.of(small))).isEqualTo(EncodeStatus.OK);
        ByteBuffer first = encoder.encoded();
        assertThat(first.position()).isZero();
        assertThat(first.limit()).isEqualTo(encoder.length()).isEqualTo(22 + 10 + 7);
        assertThat(encoder.encode(List.of(small))).isEqualTo(EncodeStatus.OK);
        assertThat(encoder.encoded()).isSameAs(first);
        assertThat(encoder.encode(List.of(large, small))).isEqualTo(EncodeStatus.OK);
        assertThat(encoder.encoded().limit()).isEqualTo(22 + 5000 + 7 + 22 + 10 + 7);
        assertThat(encoder.encoded().getInt(0)).isEqualTo(22 + 5000 + 7);
    }

    @Test
    void limitsAreStatusesAndWriteNothing() {
        StringBuilder longValue = new StringBuilder();
        longValue.append("x".repeat(32767 - 4));
        OutboundMessage tooLong = new OutboundMessage().putProperty("K", longValue);
        assertThat(tooLong.propertiesLength()).isEqualTo(32766);
        assertThat(encoder.measure(List.of(tooLong))).isEqualTo(EncodeStatus.OK);
        longValue.append('y');
        tooLong.putProperty("K", longValue); // a text is measured when put: put it again after changing it
        assertThat(encoder.measure(List.of(tooLong))).isEqualTo(EncodeStatus.OK);
        longValue.append('\u00E9');
        tooLong.putProperty("K", longValue);
        assertThat(encoder.measure(List.of(tooLong))).isEqualTo(EncodeStatus.PROPERTIES_TOO_LONG);

        BatchBodyEncoder limited = new BatchBodyEncoder(100, false);
        OutboundMessage body = new OutboundMessage().body(new byte[70]);
        assertThat(limited.measure(List.of(body))).isEqualTo(EncodeStatus.OK);
        assertThat(limited.measure(List.of(body, body))).isEqualTo(EncodeStatus.TOO_LARGE);

        ByteBuffer destination = ByteBuffer.allocate(91);
        assertThat(encoder.encode(List.of(body), destination, 0)).isEqualTo(EncodeStatus.BUFFER_TOO_SMALL);
        assertThat(destination.array()).containsOnly(0);
        assertThat(encoder.encode(List.of(body), ByteBuffer.allocate(92), 0)).isEqualTo(EncodeStatus.OK);
    }

    @Test
    void emptyBatchIsEmpty() {
        assertThat(encoder.encode(List.of(), ByteBuffer.allocate(0), 0)).isEqualTo(EncodeStatus.OK);
        assertThat(encoder.length()).isZero();
    }
}
