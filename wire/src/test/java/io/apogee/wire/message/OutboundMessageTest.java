package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OutboundMessageTest {
    @Test
    void putReplacesInPlaceAndAppendsNewNames() {
        OutboundMessage message = new OutboundMessage().tags("A").keys("k1 k2").putProperty("x", "1");
        message.putProperty(new StringBuilder("TAGS"), "B");
        assertThat(message.propertyCount()).isEqualTo(3);
        assertThat(message.propertyName(0)).isEqualTo("TAGS");
        assertThat(message.propertyValue(0)).isEqualTo("B");
        assertThat(message.property("KEYS")).isEqualTo("k1 k2");
        message.removeProperty("KEYS");
        assertThat(message.propertyCount()).isEqualTo(2);
        assertThat(message.propertyName(1)).isEqualTo("x");
        assertThat(message.property("KEYS")).isNull();
        StringBuilder text = new StringBuilder();
        message.appendProperties(text);
        assertThat(text.toString()).isEqualTo("TAGS\u0001B\u0002x\u00011\u0002");
    }

    @Test
    void propertiesAreWrittenInOrderAsUtf8() {
        OutboundMessage message = new OutboundMessage();
        for (int i = 0; i < 20; i++) {
            message.putProperty("k" + i, "\u00E9\uD83D\uDE00" + i);
        }
        StringBuilder text = new StringBuilder();
        message.appendProperties(text);
        byte[] expected = text.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(message.propertiesLength()).isEqualTo(expected.length);
        ByteBuffer buffer = ByteBuffer.allocateDirect(expected.length);
        assertThat(message.writeProperties(buffer, 0)).isEqualTo(expected.length);
        assertThat(RocketMessages.bytes(buffer, 0, expected.length)).isEqualTo(expected);
    }

    @Test
    void bodyIsReferencedFromAnArrayOrABuffer() {
        byte[] array = "0123456789".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer destination = ByteBuffer.allocate(4);
        OutboundMessage message = new OutboundMessage().body(array, 3, 4);
        assertThat(message.bodyLength()).isEqualTo(4);
        message.writeBody(destination, 0);
        assertThat(new String(destination.array(), StandardCharsets.US_ASCII)).isEqualTo("3456");
        message.body(ByteBuffer.allocateDirect(10).put(0, array), 5, 4).writeBody(destination, 0);
        assertThat(new String(destination.array(), StandardCharsets.US_ASCII)).isEqualTo("5678");
    }

    @Test
    void clearResetsEverything() {
        OutboundMessage message = new OutboundMessage().topic("T").flag(7).body(new byte[3]).tags("A");
        message.clear();
        assertThat(message.topic()).isEqualTo("");
        assertThat(message.flag()).isZero();
        assertThat(message.bodyLength()).isZero();
        assertThat(message.propertyCount()).isZero();
        assertThat(message.propertiesLength()).isZero();
    }
}
