package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageDecoder;
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

    @Test
    void randomPutsReplacesAndRemovesKeepTheStringEncodedAsTheJdkWould() {
        SplittableRandom random = Seeds.random("OutboundMessageTest.randomEdits");
        OutboundMessage message = new OutboundMessage();
        Map<String, String> model = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            names.add(RandomText.unicode(random, 6));
        }
        for (int step = 0; step < 5_000; step++) {
            String name = names.get(random.nextInt(names.size()));
            int action = random.nextInt(10);
            if (action == 0) {
                message.removeProperty(name);
                model.remove(name);
            } else if (action == 1) {
                message.clear();
                model.clear();
            } else {
                // short and long values, some longer than the reused buffers, as String, StringBuilder or other text
                String value = RandomText.unicodeWithOddities(random, random.nextInt(8) == 0 ? 400 : 20);
                message.putProperty(text(random, name), text(random, value));
                model.put(name, value);
            }
            assertWritten(message, model);
        }
    }

    @Test
    void longNonAsciiValuesAndPairsAcrossEveryBlockEdge() {
        OutboundMessage message = new OutboundMessage();
        Map<String, String> model = new LinkedHashMap<>();
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            value.append(i % 9 == 8 ? "\uD83D\uDE80" : i % 5 == 4 ? "\u6771" : i % 7 == 6 ? "\u00FC" : "a");
            String text = value.toString();
            message.putProperty("r\u00E9gion", text).putProperty("k" + i % 3, text.substring(i / 2));
            model.put("r\u00E9gion", text);
            model.put("k" + i % 3, text.substring(i / 2));
            assertWritten(message, model);
        }
    }

    @Test
    void aTextIsEncodedWhenPutSoChangingItLaterChangesNoByte() {
        StringBuilder value = new StringBuilder("\u6771\u4EAC");
        OutboundMessage message = new OutboundMessage().putProperty("city", value).putProperty("n", "1");
        value.setLength(0);
        value.append("somewhere much longer");
        byte[] written = new byte[message.propertiesLength()];
        message.writeProperties(written, 0);
        assertThat(written).isEqualTo("city\u0001\u6771\u4EAC\u0002n\u00011\u0002".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyValuesAndSeparatorsInsideTextsAreWrittenAsRocketMqWritesThem() {
        String[][] entries = {{"empty", ""}, {"a\u0001b", "v"}, {"n", "x\u0002y"}, {"n2", "\u0001\u0002"},
            {"\u00E9", "\uD83D"}};
        for (String[] entry : entries) {
            OutboundMessage message = new OutboundMessage().putProperty(entry[0], entry[1]);
            Map<String, String> single = new HashMap<>();
            single.put(entry[0], entry[1]);
            byte[] rocketMq = MessageDecoder.messageProperties2String(single).getBytes(StandardCharsets.UTF_8);
            byte[] written = new byte[message.propertiesLength() + 3];
            assertThat(message.writeProperties(written, 3)).isEqualTo(rocketMq.length);
            assertThat(java.util.Arrays.copyOfRange(written, 3, written.length)).as(entry[0]).isEqualTo(rocketMq);
            // and both read back the same entries, those RocketMQ's parser keeps and those it drops
            Map<String, String> parsed = MessageDecoder.string2messageProperties(new String(rocketMq, StandardCharsets.UTF_8));
            Map<String, String> read = new HashMap<>();
            PropertiesReader reader = new PropertiesReader().wrap(ByteBuffer.wrap(written), 3, rocketMq.length);
            while (reader.next()) {
                StringBuilder name = new StringBuilder();
                StringBuilder readValue = new StringBuilder();
                reader.appendName(name);
                reader.appendValue(readValue);
                read.put(name.toString(), readValue.toString());
            }
            assertThat(read).as(entry[0]).isEqualTo(parsed);
        }
    }

    /** The text as a String, a StringBuilder or another CharSequence, each encoded on its own path. */
    private static CharSequence text(SplittableRandom random, String text) {
        return switch (random.nextInt(3)) {
            case 0 -> text;
            case 1 -> new StringBuilder(text);
            default -> CharBuffer.wrap(text);
        };
    }

    private static void assertWritten(OutboundMessage message, Map<String, String> model) {
        StringBuilder expectedText = new StringBuilder();
        model.forEach((name, value) -> expectedText.append(name).append('\u0001').append(value).append('\u0002'));
        byte[] expected = expectedText.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(message.propertyCount()).isEqualTo(model.size());
        assertThat(message.propertiesLength()).isEqualTo(expected.length);
        byte[] array = new byte[expected.length + 2];
        assertThat(message.writeProperties(array, 2)).isEqualTo(expected.length);
        assertThat(java.util.Arrays.copyOfRange(array, 2, array.length)).isEqualTo(expected);
        ByteBuffer direct = ByteBuffer.allocateDirect(expected.length + 1);
        assertThat(message.writeProperties(direct, 1)).isEqualTo(expected.length);
        assertThat(RocketMessages.bytes(direct, 1, expected.length)).isEqualTo(expected);
    }
}
