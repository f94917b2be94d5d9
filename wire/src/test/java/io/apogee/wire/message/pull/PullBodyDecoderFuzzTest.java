package io.apogee.wire.message.pull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the PULL body decoder: whatever the bytes, it yields messages or raises {@link MessageFormatException};
 * any other exception fails the run. Half the inputs are raw bytes, half are well-formed records built from the
 * fuzzer's data and then damaged at fuzzer-chosen places, so the fuzzer reaches deep into the layout quickly.
 * Every accessor of every yielded message is read, including properties, ids and decompression. Seeds (the PULL
 * bodies of the golden captures, plus one mode byte) live in the {@code PullBodyDecoderFuzzTestInputs} resources.
 *
 * <p>Jazzer 0.24.0 cannot instrument Java 25 class files (its ASM stops at an older class-file version), so the
 * fuzzer gets no coverage feedback from this code: it mutates blindly, which the structured mode compensates for.
 * The number of inputs run is printed so a run shows that fuzzing happened and stayed bounded.
 */
class PullBodyDecoderFuzzTest {
    private static final int MAX_DECOMPRESSED = 1 << 16;
    private static final int MAX_DAMAGE = 4;
    private static final int TRUNCATE_ONE_IN = 4;
    private static final AtomicLong INPUTS = new AtomicLong();
    private static final AtomicLong MESSAGES = new AtomicLong();
    private static final AtomicLong ERRORS = new AtomicLong();

    private final PullBodyDecoder decoder = new PullBodyDecoder();
    private final BodyCodec codec = new BodyCodec();
    private final StoredRecordWriter writer = new StoredRecordWriter();
    private final StringBuilder text = new StringBuilder();
    private long sink;

    @AfterAll
    static void report() {
        System.out.println("fuzz: " + INPUTS.get() + " inputs, " + MESSAGES.get() + " messages yielded, " + ERRORS.get()
            + " format errors");
    }

    @FuzzTest(maxDuration = "12s")
    void yieldsMessagesOrAFormatError(FuzzedDataProvider data) {
        INPUTS.incrementAndGet();
        ByteBuffer body = data.consumeBoolean() ? structured(data) : ByteBuffer.wrap(data.consumeRemainingAsBytes());
        decoder.verifyBodyCrc(body.limit() % 2 == 0).wrap(body, 0, body.limit());
        try {
            while (decoder.next()) {
                MESSAGES.incrementAndGet();
                read(decoder.message());
            }
        } catch (MessageFormatException expected) {
            ERRORS.incrementAndGet();
            sink += expected.error().ordinal();
        }
    }

    private ByteBuffer structured(FuzzedDataProvider data) {
        int count = data.consumeInt(1, 3);
        ByteBuffer body = ByteBuffer.allocate(count * 2048);
        int at = 0;
        for (int i = 0; i < count; i++) {
            byte[] topic = data.consumeBytes(data.consumeInt(0, 300));
            byte[] properties = data.consumeBytes(data.consumeInt(0, 200));
            byte[] payload = data.consumeBytes(data.consumeInt(0, 600));
            writer.reset().sysFlag(data.consumeInt()).queueId(data.consumeInt()).queueOffset(data.consumeLong())
                .bornHost(HostAddress.of(new byte[data.consumeBoolean() ? 16 : 4], data.consumeInt()))
                .storeHost(HostAddress.of(new byte[data.consumeBoolean() ? 16 : 4], data.consumeInt()))
                .topic(ByteBuffer.wrap(topic), 0, topic.length).body(payload, 0, payload.length)
                .properties(ByteBuffer.wrap(properties), 0, properties.length);
            at += writer.write(body, at);
        }
        int damage = data.consumeBoolean() ? data.consumeInt(1, MAX_DAMAGE) : 0;
        for (int i = 0; i < damage && at > 0; i++) {
            body.put(data.consumeInt(0, at - 1), data.consumeByte());
        }
        boolean truncate = data.consumeInt(0, TRUNCATE_ONE_IN - 1) == TRUNCATE_ONE_IN - 1;
        return body.limit(truncate ? data.consumeInt(0, at) : at);
    }

    private void read(PulledMessage m) {
        sink += m.totalSize() + m.magic() + m.bodyCrc() + m.queueId() + m.flag() + m.queueOffset() + m.physicalOffset()
            + m.sysFlag() + m.bornTimestamp() + m.storeTimestamp() + m.reconsumeTimes() + m.preparedTransactionOffset()
            + m.bornHostPort() + m.storeHostPort() + m.bornHost().port() + m.storeHost().port() + m.tagsCode();
        sink += m.topic().length() + m.body().remaining() + m.bodySlice().remaining() + m.msgId().length() + m.offsetMsgId().length();
        PropertiesReader properties = m.properties();
        sink += properties.check().ordinal();
        while (properties.next()) {
            sink += properties.name().length() + properties.value().length() + properties.valueAsLong();
        }
        text.setLength(0);
        m.appendMsgId(text);
        try {
            sink += m.decompressBody(codec, MAX_DECOMPRESSED).length;
        } catch (MessageFormatException expected) {
            sink += expected.error().ordinal();
        }
    }
}
