package io.apogee.wire.message.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class BatchBodyReaderTest {
    private final BatchBodyReader reader = new BatchBodyReader();

    @Test
    void readsEveryFieldOfRocketMqsBatches() throws Exception {
        SplittableRandom random = Seeds.random("BatchBodyReaderTest.random");
        for (int round = 0; round < 300; round++) {
            List<Message> messages = new ArrayList<>();
            int count = 1 + random.nextInt(15);
            for (int i = 0; i < count; i++) {
                messages.add(RocketMessages.message("T", random.nextInt(), RandomText.bytes(random, random.nextInt(500)),
                    RocketMessages.properties(random, 8)));
            }
            byte[] body = MessageDecoder.encodeMessages(messages);
            List<Message> expected = MessageDecoder.decodeMessages(ByteBuffer.wrap(body));
            int offset = random.nextInt(5);
            ByteBuffer buffer = ByteBuffer.allocateDirect(offset + body.length + 3).put(offset, body);
            reader.wrap(buffer, offset, body.length);
            assertThat(reader.validate()).isEqualTo(count);
            for (int i = 0; i < count; i++) {
                assertThat(reader.next()).isTrue();
                BatchEntry entry = reader.entry();
                assertThat(entry.flag()).isEqualTo(expected.get(i).getFlag());
                assertThat(entry.magic()).isZero();
                assertThat(entry.bodyCrc()).isZero();
                assertThat(RocketMessages.bytes(buffer, entry.bodyOffset(), entry.bodyLength())).isEqualTo(expected.get(i).getBody());
                assertThat(toMap(entry.properties())).isEqualTo(expected.get(i).getProperties());
                assertThat(entry.totalSize()).isEqualTo(BatchEntry.entryLength(entry.bodyLength(), entry.propertiesLength()));
            }
            assertThat(reader.next()).isFalse();
        }
    }

    static Map<String, String> toMap(PropertiesReader properties) {
        Map<String, String> map = new HashMap<>();
        while (properties.next()) {
            map.put(properties.name(), properties.value());
        }
        return map;
    }

    private static ByteBuffer entry(int bodyLength, int propertiesLength) {
        ByteBuffer buffer = ByteBuffer.allocate(BatchEntry.entryLength(bodyLength, propertiesLength));
        BatchEntry.writeHeader(buffer, 0, buffer.capacity(), 0, bodyLength);
        BatchEntry.writePropertiesLength(buffer, 0, bodyLength, propertiesLength);
        return buffer;
    }

    private void assertError(ByteBuffer buffer, FormatError error) {
        ThrowingCallable read = () -> {
            reader.wrap(buffer, 0, buffer.limit()).validate();
        };
        assertThatThrownBy(read).isInstanceOf(MessageFormatException.class)
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(error))
            .hasMessageContaining("batch entry at offset");
    }

    @Test
    void badEntriesRaiseTheirOwnError() {
        ByteBuffer good = entry(3, 4);
        assertThat(reader.wrap(good, 0, good.limit()).validate()).isEqualTo(1);
        for (int length = 1; length < good.limit(); length++) {
            assertError(good.duplicate().limit(length), FormatError.TRUNCATED);
        }
        ByteBuffer wrongTotal = entry(3, 4);
        wrongTotal.putInt(0, wrongTotal.limit() - 1);
        ByteBuffer padded = ByteBuffer.allocate(wrongTotal.limit() + 1).put(0, wrongTotal, 0, wrongTotal.limit());
        padded.putInt(0, padded.limit());
        assertError(padded, FormatError.LENGTH_MISMATCH);
        ByteBuffer tiny = entry(0, 0);
        tiny.putInt(0, 21);
        assertError(tiny, FormatError.BAD_TOTAL_SIZE);
        ByteBuffer negativeBody = entry(3, 4);
        negativeBody.putInt(BatchEntry.BODY_LENGTH_OFFSET, -1);
        assertError(negativeBody, FormatError.NEGATIVE_LENGTH);
        ByteBuffer hugeBody = entry(3, 4);
        hugeBody.putInt(BatchEntry.BODY_LENGTH_OFFSET, Integer.MAX_VALUE);
        assertError(hugeBody, FormatError.LENGTH_MISMATCH);
        ByteBuffer hugeTotal = entry(3, 4);
        hugeTotal.putInt(0, Integer.MAX_VALUE);
        assertError(hugeTotal, FormatError.TRUNCATED);
        ByteBuffer negativeProperties = entry(3, 4);
        negativeProperties.putShort(BatchEntry.BODY_OFFSET + 3, (short) -4);
        assertError(negativeProperties, FormatError.NEGATIVE_LENGTH);
        ByteBuffer wrongProperties = entry(3, 4);
        wrongProperties.putShort(BatchEntry.BODY_OFFSET + 3, (short) 3);
        assertError(wrongProperties, FormatError.LENGTH_MISMATCH);
    }

    @Test
    void aBadEntryAfterGoodOnesIsFoundByValidateBeforeAnythingIsRead() {
        ByteBuffer first = entry(2, 0);
        ByteBuffer body = ByteBuffer.allocate(first.limit() * 2 + 5);
        body.put(0, first, 0, first.limit()).put(first.limit(), first, 0, first.limit());
        reader.wrap(body, 0, body.limit());
        assertThat(reader.next()).isTrue();
        assertThat(reader.next()).isTrue();
        assertThatThrownBy(reader::next).isInstanceOf(MessageFormatException.class).hasMessageContaining("offset 48");
        assertThatThrownBy(reader::validate).isInstanceOf(MessageFormatException.class);
    }
}
