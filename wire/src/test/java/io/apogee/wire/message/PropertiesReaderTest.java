package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.text.AsciiNumbers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class PropertiesReaderTest {
    private final PropertiesReader reader = new PropertiesReader();

    private static ByteBuffer buffer(String text, boolean direct) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return direct ? ByteBuffer.allocateDirect(bytes.length).put(0, bytes) : ByteBuffer.wrap(bytes);
    }

    private Map<String, String> readAll(ByteBuffer buffer) {
        reader.wrap(buffer, 0, buffer.limit());
        Map<String, String> map = new HashMap<>();
        while (reader.next()) {
            map.put(reader.name(), reader.value());
        }
        return map;
    }

    @Test
    void oddStringsParseExactlyAsRocketMq() {
        SplittableRandom random = Seeds.random("PropertiesReaderTest.odd");
        String[] alphabet = {"a", "b", "\u0001", "\u0002", "\u00E9", "\uD83D\uDE00", "=", " "};
        for (int i = 0; i < 20000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(14);
            for (int j = 0; j < length; j++) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String properties = text.toString();
            Map<String, String> expected = MessageDecoder.string2messageProperties(properties);
            assertThat(readAll(buffer(properties, i % 2 == 0))).as("%s", properties.chars().boxed().toList()).isEqualTo(expected);
        }
    }

    @Test
    void malformedUtf8ParsesAsRocketMqParsesItsDecodedString() {
        SplittableRandom random = Seeds.random("PropertiesReaderTest.malformed");
        byte[] alphabet = {'k', 1, 2, (byte) 0xC3, (byte) 0xA9, (byte) 0xE4, (byte) 0xB8, (byte) 0xFF, (byte) 0x80};
        for (int i = 0; i < 10000; i++) {
            byte[] bytes = new byte[random.nextInt(14)];
            for (int j = 0; j < bytes.length; j++) {
                bytes[j] = alphabet[random.nextInt(alphabet.length)];
            }
            Map<String, String> expected = MessageDecoder.string2messageProperties(new String(bytes, StandardCharsets.UTF_8));
            assertThat(readAll(ByteBuffer.wrap(bytes))).isEqualTo(expected);
        }
    }

    @Test
    void randomPropertiesWrittenByRocketMqReadBack() {
        SplittableRandom random = Seeds.random("PropertiesReaderTest.random");
        for (int i = 0; i < 2000; i++) {
            HashMap<String, String> properties = RocketMessages.properties(random, 12);
            String text = MessageDecoder.messageProperties2String(properties);
            String onTheWire = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            Map<String, String> expected = MessageDecoder.string2messageProperties(onTheWire);
            ByteBuffer buffer = buffer(text, random.nextBoolean());
            assertThat(readAll(buffer)).isEqualTo(expected);
            for (Map.Entry<String, String> entry : expected.entrySet()) {
                assertThat(reader.find(entry.getKey())).isTrue();
                assertThat(reader.valueEquals(entry.getValue())).isTrue();
                assertThat(reader.nameEquals(entry.getKey())).isTrue();
                assertThat(reader.value(entry.getKey())).isEqualTo(entry.getValue());
                assertThat(reader.valueHashCode()).isEqualTo(entry.getValue().hashCode());
            }
            assertThat(reader.find("\u00E9not-there")).isFalse();
            assertThat(reader.value("\u00E9not-there")).isNull();
        }
    }

    @Test
    void findReturnsTheLastOccurrenceAsRocketMqsMapKeeps() {
        ByteBuffer buffer = buffer("TAGS\u0001first\u0002KEYS\u0001k\u0002TAGS\u0001second\u0002", false);
        reader.wrap(buffer, 0, buffer.limit());
        assertThat(reader.find("TAGS")).isTrue();
        assertThat(reader.value()).isEqualTo("second");
        assertThat(reader.name()).isEqualTo("TAGS");
        assertThat(reader.next()).isFalse();
        assertThat(reader.find("KEYS")).isTrue();
        assertThat(reader.next()).isTrue();
        assertThat(reader.value()).isEqualTo("second");
        assertThat(reader.count()).isEqualTo(3);
    }

    @Test
    void namesAndValuesAppendedAsTheirStringsFromHeapDirectAndMalformedBytes() {
        SplittableRandom random = Seeds.random("PropertiesReaderTest.append");
        for (int i = 0; i < 2000; i++) {
            String name = RandomText.unicode(random, 8);
            String value = RandomText.unicode(random, i % 10 == 0 ? 300 : 30);
            ByteBuffer buffer = buffer("X\u0001y\u0002" + name + "\u0001" + value + "\u0002", i % 2 == 0);
            reader.wrap(buffer, 0, buffer.limit());
            assertThat(reader.next() && reader.next()).isTrue();
            StringBuilder appendedName = new StringBuilder("n:");
            StringBuilder appendedValue = new StringBuilder("v:");
            reader.appendName(appendedName);
            reader.appendValue(appendedValue);
            assertThat(appendedName.toString()).isEqualTo("n:" + name);
            assertThat(appendedValue.toString()).isEqualTo("v:" + value);
        }
        // a malformed value (a lone continuation byte, a truncated sequence) reads as the JDK's decoder reads it
        byte[] bytes = {'n', 1, 'a', (byte) 0x80, 'b', (byte) 0xE6, (byte) 0x9D, 2};
        reader.wrap(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(reader.next()).isTrue();
        StringBuilder appended = new StringBuilder();
        reader.appendValue(appended);
        assertThat(appended.toString()).isEqualTo(new String(bytes, 2, 5, StandardCharsets.UTF_8));
    }

    @Test
    void valuesReadInPlace() {
        ByteBuffer buffer = buffer("DELAY\u00013\u0002BIG\u0001-9223372036854775807\u0002BAD\u000112x\u0002KEYS\u0001a b\u0002", true);
        reader.wrap(buffer, 0, buffer.limit());
        assertThat(reader.find("DELAY")).isTrue();
        assertThat(reader.valueAsLong()).isEqualTo(3);
        assertThat(reader.find("BIG")).isTrue();
        assertThat(reader.valueAsLong()).isEqualTo(-9223372036854775807L);
        assertThat(reader.find("BAD")).isTrue();
        assertThat(reader.valueAsLong()).isEqualTo(AsciiNumbers.INVALID);
        assertThat(reader.find("KEYS")).isTrue();
        StringBuilder out = new StringBuilder("keys=");
        reader.appendValue(out);
        assertThat(out.toString()).isEqualTo("keys=a b");
        assertThat(reader.contains("KEYS")).isTrue();
        assertThat(reader.contains("NOPE")).isFalse();
    }

    @Test
    void readsARangeInsideALargerBuffer() {
        byte[] bytes = "xxxxA\u00011\u0002B\u00012\u0002yyyy".getBytes(StandardCharsets.UTF_8);
        reader.wrap(ByteBuffer.wrap(bytes), 4, bytes.length - 8);
        assertThat(reader.count()).isEqualTo(2);
        assertThat(reader.value("B")).isEqualTo("2");
        assertThat(reader.offset()).isEqualTo(4);
        assertThat(reader.length()).isEqualTo(bytes.length - 8);
        assertThatThrownBy(() -> reader.wrap(ByteBuffer.wrap(bytes), 4, bytes.length)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void strictCheckNamesEachIrregularity() {
        assertThat(check("A\u00011\u0002B\u00012\u0002")).isEqualTo(PropertiesStatus.VALID);
        assertThat(check("")).isEqualTo(PropertiesStatus.VALID);
        assertThat(check("no separators at all")).isEqualTo(PropertiesStatus.MISSING_NAME_VALUE_SEPARATOR);
        assertThat(check("A\u00011\u0002junk\u0002")).isEqualTo(PropertiesStatus.MISSING_NAME_VALUE_SEPARATOR);
        assertThat(check("\u00011\u0002")).isEqualTo(PropertiesStatus.EMPTY_NAME);
        assertThat(check("A\u0001\u0002")).isEqualTo(PropertiesStatus.EMPTY_VALUE);
        assertThat(check("A\u00011")).isEqualTo(PropertiesStatus.MISSING_PROPERTY_SEPARATOR);
        assertThat(check("A\u00011\u0002\u0002")).isEqualTo(PropertiesStatus.MISSING_NAME_VALUE_SEPARATOR);
        assertThat(readAll(buffer("no separators at all", false))).isEmpty();
    }

    private PropertiesStatus check(String text) {
        ByteBuffer buffer = buffer(text, false);
        return reader.wrap(buffer, 0, buffer.limit()).check();
    }
}
