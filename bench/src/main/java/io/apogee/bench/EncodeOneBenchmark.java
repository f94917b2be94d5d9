package io.apogee.bench;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encoding one 1 KiB message, in the two forms a message takes: a batch entry (what a producer sends) and a
 * stored record (what the broker writes and a pull returns). Apogee writes into a supplied buffer; RocketMQ's
 * {@code MessageDecoder.encodeMessage} and {@code encode(MessageExt, false)} return new arrays.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EncodeOneBenchmark {
    private Message message;
    private MessageExt stored;
    private OutboundMessage outbound;
    private final StoredRecordWriter writer = new StoredRecordWriter();
    private final StringBuilder properties = new StringBuilder(256);
    private ByteBuffer target;
    private byte[] entryBytes;
    private byte[] recordBytes;

    /** Builds the message in both libraries' forms, and checks both write the same bytes. */
    @Setup
    public void setUp() throws Exception {
        message = Workload.of("1x1024").messages().get(0);
        outbound = ApogeeMessages.of(message);
        stored = new MessageExt();
        stored.setTopic(message.getTopic());
        stored.setBody(message.getBody());
        stored.setFlag(message.getFlag());
        MessageAccessor.setProperties(stored, Workload.copyInOrder(message.getProperties()));
        stored.setQueueId(3);
        stored.setQueueOffset(1000);
        stored.setCommitLogOffset(4096);
        stored.setBornTimestamp(1_764_000_000_000L);
        stored.setStoreTimestamp(1_764_000_000_005L);
        stored.setBornHost(new InetSocketAddress("10.0.0.2", 50_000));
        stored.setStoreHost(new InetSocketAddress("10.0.0.1", 10_911));
        entryBytes = MessageDecoder.encodeMessage(message);
        recordBytes = rocketmqStoredRecord();
        target = ByteBuffer.allocate(Math.max(entryBytes.length, recordBytes.length));
        check(apogeeBatchEntry(), entryBytes, "batch entry");
        check(apogeeStoredRecord(), recordBytes, "stored record");
    }

    private void check(int length, byte[] expected, String what) {
        if (!Arrays.equals(Arrays.copyOf(target.array(), length), expected)) {
            throw new IllegalStateException("Apogee's " + what + " differs from RocketMQ's");
        }
    }

    /** Apogee: one batch entry into a supplied buffer. */
    @Benchmark
    public int apogeeBatchEntry() {
        return BatchBodyEncoder.encodeEntry(outbound, target, 0);
    }

    /** RocketMQ: one batch entry as a new array. */
    @Benchmark
    public byte[] rocketmqBatchEntry() {
        return MessageDecoder.encodeMessage(message);
    }

    /** Apogee: one stored record, body CRC computed, into a supplied buffer. */
    @Benchmark
    public int apogeeStoredRecord() {
        properties.setLength(0);
        outbound.appendProperties(properties);
        return writer.reset().queueId(3).flag(0).queueOffset(1000).physicalOffset(4096).sysFlag(0)
            .bornTimestamp(1_764_000_000_000L).bornHost(BORN).storeTimestamp(1_764_000_000_005L).storeHost(STORE)
            .topic(Workload.TOPIC).body(message.getBody(), 0, message.getBody().length).properties(properties)
            .computeBodyCrc().write(target, 0);
    }

    /** RocketMQ: one stored record, body CRC computed, as a new array. */
    @Benchmark
    public byte[] rocketmqStoredRecord() throws Exception {
        stored.setBodyCRC(UtilAll.crc32(stored.getBody()));
        return MessageDecoder.encode(stored, false);
    }

    /** One copy of a batch entry's bytes. */
    @Benchmark
    public ByteBuffer floorBatchEntry() {
        target.clear();
        return target.put(entryBytes);
    }

    /** One copy of a stored record's bytes. */
    @Benchmark
    public ByteBuffer floorStoredRecord() {
        target.clear();
        return target.put(recordBytes);
    }

    private static final HostAddress BORN = HostAddress.of(new InetSocketAddress("10.0.0.2", 50_000));
    private static final HostAddress STORE = HostAddress.of(new InetSocketAddress("10.0.0.1", 10_911));
}
