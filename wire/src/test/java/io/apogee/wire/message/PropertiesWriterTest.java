package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class PropertiesWriterTest {
    @Test
    void entriesEqualRocketMqsPropertiesString() {
        SplittableRandom random = Seeds.random("PropertiesWriterTest");
        PropertiesWriter writer = new PropertiesWriter();
        for (int i = 0; i < 2000; i++) {
            HashMap<String, String> properties = RocketMessages.properties(random, 12);
            byte[] expected = MessageDecoder.messageProperties2String(properties).getBytes(StandardCharsets.UTF_8);
            int length = 0;
            for (Map.Entry<String, String> entry : properties.entrySet()) {
                length += PropertiesWriter.entryLength(entry.getKey(), entry.getValue());
            }
            assertThat(length).isEqualTo(expected.length);
            ByteBuffer buffer = random.nextBoolean() ? ByteBuffer.allocate(length + 5) : ByteBuffer.allocateDirect(length + 5);
            writer.wrap(buffer, 5);
            for (Map.Entry<String, String> entry : properties.entrySet()) {
                writer.append(entry.getKey(), entry.getValue());
            }
            assertThat(writer.length()).isEqualTo(length);
            assertThat(writer.position()).isEqualTo(5 + length);
            assertThat(RocketMessages.bytes(buffer, 5, length)).isEqualTo(expected);
        }
    }

    @Test
    void numbersAndEncodedEntriesAppendInPlace() {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        ByteBuffer received = ByteBuffer.wrap("A\u00011".getBytes(StandardCharsets.UTF_8));
        PropertiesWriter writer = new PropertiesWriter().wrap(buffer, 0)
            .appendEncoded(received, 0, received.limit())
            .append("DELAY", -12)
            .appendEncoded(received, 0, 0);
        assertThat(PropertiesWriter.entryLength("DELAY", -12)).isEqualTo(10);
        assertThat(new String(RocketMessages.bytes(buffer, 0, writer.length()), StandardCharsets.UTF_8))
            .isEqualTo("A\u00011\u0002DELAY\u0001-12\u0002");
    }
}
