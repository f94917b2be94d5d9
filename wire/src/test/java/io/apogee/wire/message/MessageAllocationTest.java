package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.BatchBodyReader;
import io.apogee.wire.message.batch.EncodeStatus;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.compress.BodyCompressor;
import io.apogee.wire.message.compress.CompressionType;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Garbage per operation on the hot paths, measured with the thread's allocated-bytes counter after a warm-up
 * (deterministic: nothing is timed). The figures are printed to the test output.
 */
class MessageAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int WARM_UP = 3_000;
    private static final int MEASURED = 2_000;
    private static final int MESSAGES = 100;
    private static final BodyCodec CODEC = new BodyCodec();

    private long sink;

    @AfterAll
    static void close() {
        CODEC.close();
    }

    /** Average bytes allocated per call of {@code operation}, after warming it up. */
    private static double allocatedPerCall(Runnable operation) {
        for (int i = 0; i < WARM_UP; i++) {
            operation.run();
        }
        long before = THREADS.getCurrentThreadAllocatedBytes();
        long overhead = THREADS.getCurrentThreadAllocatedBytes() - before;
        before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED; i++) {
            operation.run();
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before - overhead;
        return Math.max(0, allocated) / (double) MEASURED;
    }

    private static void report(String what, double bytes) {
        System.out.printf("allocation: %-60s %8.2f B%n", what, bytes);
    }

    private static List<OutboundMessage> batch(SplittableRandom random) {
        List<OutboundMessage> messages = new ArrayList<>();
        StringBuilder key = new StringBuilder("key-0000");
        for (int i = 0; i < MESSAGES; i++) {
            OutboundMessage message = new OutboundMessage().topic("TopicTest").flag(i).tags("TagA").keys(key)
                .putProperty(PropertyNames.WAIT, "true").putProperty("color", "r\u00E9d").putProperty("index", "\uD83D\uDE00" + i);
            byte[] body = RandomText.bytes(random, 100 + random.nextInt(100));
            if (i % 2 == 0) {
                message.body(body);
            } else {
                message.body(ByteBuffer.allocateDirect(body.length).put(0, body), 0, body.length);
            }
            messages.add(message);
        }
        return messages;
    }

    @Test
    void encodingABatchOfAHundredIntoASuppliedBufferAllocatesNothing() {
        List<OutboundMessage> messages = batch(Seeds.random("MessageAllocationTest.batch"));
        BatchBodyEncoder encoder = new BatchBodyEncoder();
        assertThat(encoder.measure(messages)).isEqualTo(EncodeStatus.OK);
        ByteBuffer heap = ByteBuffer.allocate(encoder.length());
        ByteBuffer direct = ByteBuffer.allocateDirect(encoder.length());
        double perBatch = allocatedPerCall(() -> encoder.encode(messages, heap, 0));
        double perBatchDirect = allocatedPerCall(() -> encoder.encode(messages, direct, 0));
        double perBatchOwn = allocatedPerCall(() -> encoder.encode(messages));
        report("batch of 100 into a supplied heap buffer, per batch", perBatch);
        report("batch of 100 into a supplied direct buffer, per batch", perBatchDirect);
        report("batch of 100 into the encoder's own buffer, per batch", perBatchOwn);
        assertThat(perBatch).isLessThan(1.0);
        assertThat(perBatchDirect).isLessThan(1.0);
        assertThat(perBatchOwn).isLessThan(1.0);
    }

    @Test
    void fillingAMessageFromStringsAndReadingItsPropertiesAsTextAllocateNothing() {
        String longValue = "Z\u00FCrich-\u6771\u4EAC-S\u00E3o Paulo-\uD83D\uDE80-".repeat(8);
        byte[] body = new byte[100];
        OutboundMessage message = new OutboundMessage();
        double perFill = allocatedPerCall(() -> message.clear().topic("TopicTest").body(body).tags("TagA")
            .keys("order-1 customer-2").putProperty(PropertyNames.WAIT, "true").putProperty("r\u00E9gion", longValue)
            .putProperty(PropertyNames.UNIQ_KEY, "0A0000011234CAFEBABE000013880000"));
        report("one message filled from strings, a long non-ASCII value among them", perFill);
        assertThat(perFill).isLessThan(1.0);
        byte[] properties = new byte[message.propertiesLength()];
        message.writeProperties(properties, 0);
        PropertiesReader reader = new PropertiesReader();
        StringBuilder name = new StringBuilder();
        StringBuilder value = new StringBuilder();
        ByteBuffer heap = ByteBuffer.wrap(properties);
        double perRead = allocatedPerCall(() -> {
            reader.wrap(heap, 0, properties.length);
            while (reader.next()) {
                name.setLength(0);
                value.setLength(0);
                reader.appendName(name);
                reader.appendValue(value);
                sink += name.length() + value.length();
            }
        });
        report("every property of that message appended to builders", perRead);
        assertThat(perRead).isLessThan(1.0);
    }

    /** A pull body of {@link #MESSAGES} records as the broker would send them. */
    private static ByteBuffer pullBody(SplittableRandom random, boolean direct) {
        StoredRecordWriter writer = new StoredRecordWriter().topic("TopicTest").bornHost(HostAddress.of(new byte[] {10, 0, 0, 2}, 5))
            .storeHost(HostAddress.of(new byte[] {10, 0, 0, 1}, 10911)).extraProperty("TAGS", "TagA")
            .extraProperty("UNIQ_KEY", "0A0000011234CAFEBABE000013880000").extraProperty("KEYS", "k1 k2");
        ByteBuffer body = direct ? ByteBuffer.allocateDirect(MESSAGES * 400) : ByteBuffer.allocate(MESSAGES * 400);
        int at = 0;
        for (int i = 0; i < MESSAGES; i++) {
            byte[] bytes = RandomText.bytes(random, 100 + random.nextInt(100));
            at += writer.queueOffset(i).physicalOffset(at).body(bytes, 0, bytes.length).write(body, at);
        }
        return body.limit(at);
    }

    private long readNumbersAndSlices(PullBodyDecoder decoder, ByteBuffer body) {
        long sum = 0;
        decoder.wrap(body, 0, body.limit());
        while (decoder.next()) {
            PulledMessage m = decoder.message();
            sum += m.queueId() + m.queueOffset() + m.physicalOffset() + m.storeTimestamp() + m.bornTimestamp() + m.sysFlag()
                + m.flag() + m.reconsumeTimes() + m.bornHostPort() + m.storeHostPort() + m.bodyCrc() + m.totalSize();
            ByteBuffer view = m.body();
            sum += view.remaining() + view.get(view.position());
            sum += m.tagsCode() + (m.topicEquals("TopicTest") ? 1 : 0);
            PropertiesReader properties = m.properties();
            if (properties.find(PropertyNames.KEYS)) {
                sum += properties.valueLength();
            }
        }
        return sum;
    }

    @Test
    void iteratingAPullBodyAndReadingNumbersAndSlicesAllocatesNothingPerMessage() {
        SplittableRandom random = Seeds.random("MessageAllocationTest.pull");
        PullBodyDecoder decoder = new PullBodyDecoder();
        ByteBuffer heap = pullBody(random, false);
        ByteBuffer direct = pullBody(random, true);
        double heapPerMessage = allocatedPerCall(() -> sink += readNumbersAndSlices(decoder, heap)) / MESSAGES;
        double directPerMessage = allocatedPerCall(() -> sink += readNumbersAndSlices(decoder, direct)) / MESSAGES;
        PullBodyDecoder checking = new PullBodyDecoder().verifyBodyCrc(true);
        double crcPerMessage = allocatedPerCall(() -> sink += readNumbersAndSlices(checking, direct)) / MESSAGES;
        report("pull body iteration (heap), per message", heapPerMessage);
        report("pull body iteration (direct), per message", directPerMessage);
        report("pull body iteration with CRC check (direct), per message", crcPerMessage);
        assertThat(heapPerMessage).isLessThanOrEqualTo(1.0);
        assertThat(directPerMessage).isLessThanOrEqualTo(1.0);
        assertThat(crcPerMessage).isLessThanOrEqualTo(1.0);
    }

    @Test
    void storeHotPathsAllocateNothing() {
        SplittableRandom random = Seeds.random("MessageAllocationTest.store");
        List<OutboundMessage> messages = batch(random);
        BatchBodyEncoder encoder = new BatchBodyEncoder();
        assertThat(encoder.encode(messages)).isEqualTo(EncodeStatus.OK);
        ByteBuffer batchBody = encoder.encoded();
        BatchBodyReader reader = new BatchBodyReader();
        StoredRecordWriter writer = new StoredRecordWriter().topic("TopicTest").bornHost(HostAddress.of(new byte[4], 1))
            .storeHost(HostAddress.of(new byte[16], 2)).extraProperty(PropertyNames.CLUSTER, "DefaultCluster");
        ByteBuffer log = ByteBuffer.allocateDirect(batchBody.limit() * 2);
        RecordValidator validator = new RecordValidator(1 << 22);
        double perBatch = allocatedPerCall(() -> {
            reader.wrap(batchBody, 0, batchBody.limit()).validate();
            int at = 0;
            while (reader.next()) {
                at += writer.fromBatchEntry(reader.entry()).physicalOffset(at).write(log, at);
            }
            int check = 0;
            while (validator.check(log, check, at, true) == RecordStatus.VALID) {
                sink += validator.totalSize();
                check += validator.totalSize();
            }
        });
        report("broker: batch of 100 to stored records + recovery check, per message", perBatch / MESSAGES);
        assertThat(perBatch / MESSAGES).isLessThan(1.0);
    }

    @Test
    void idsAllocateNothingWhenWrittenIntoBuffers() {
        UniqueKeyGenerator generator = new UniqueKeyGenerator(new byte[] {10, 0, 0, 1}, 1, 2, SystemClock.INSTANCE,
            java.time.ZoneId.systemDefault());
        char[] chars = new char[64];
        StringBuilder text = new StringBuilder(64);
        ByteBuffer ascii = ByteBuffer.allocateDirect(64);
        HostAddress host = HostAddress.of(new byte[16], 10911);
        double key = allocatedPerCall(() -> sink += generator.next(chars, 0));
        double keyText = allocatedPerCall(() -> {
            text.setLength(0);
            generator.next(text);
        });
        double offsetId = allocatedPerCall(() -> sink += OffsetMessageId.write(host, sink, ascii, 0));
        report("UNIQ_KEY into a char[]", key);
        report("UNIQ_KEY into a reused StringBuilder", keyText);
        report("offset message id into a buffer", offsetId);
        assertThat(key).isLessThan(1.0);
        assertThat(keyText).isLessThan(1.0);
        assertThat(offsetId).isLessThan(1.0);
    }

    @Test
    void codecsBetweenSuppliedBuffers() {
        SplittableRandom random = Seeds.random("MessageAllocationTest.codecs");
        byte[] data = RandomText.compressible(random, 8192);
        for (CompressionType type : CompressionType.values()) {
            BodyCompressor compressor = CODEC.compressor(type);
            for (boolean direct : new boolean[] {false, true}) {
                ByteBuffer source = direct ? ByteBuffer.allocateDirect(data.length) : ByteBuffer.allocate(data.length);
                source.put(0, data);
                int bound = compressor.maxCompressedLength(data.length);
                ByteBuffer compressed = direct ? ByteBuffer.allocateDirect(bound) : ByteBuffer.allocate(bound);
                ByteBuffer output = direct ? ByteBuffer.allocateDirect(data.length) : ByteBuffer.allocate(data.length);
                int length = compressor.compress(5, source, 0, data.length, compressed, 0, bound);
                double compress = allocatedPerCall(() -> sink += compressor.compress(5, source, 0, data.length, compressed, 0, bound));
                double decompress = allocatedPerCall(() -> sink += compressor.decompress(compressed, 0, length, output, 0, data.length));
                report(type + (direct ? " direct" : " heap") + " compress 8 KiB", compress);
                report(type + (direct ? " direct" : " heap") + " decompress 8 KiB", decompress);
                double limit = type == CompressionType.ZSTD ? 512.0 : 64.0; // zstd-jni allocates inside its JNI calls
                assertThat(compress).isLessThan(limit);
                assertThat(decompress).isLessThan(limit);
            }
        }
    }
}
