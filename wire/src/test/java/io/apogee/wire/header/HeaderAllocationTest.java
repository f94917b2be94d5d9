package io.apogee.wire.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.text.InternTable;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot headers allocate nothing once warm: bytes allocated by this thread, as the JVM counts them
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}), across many decodes into one reused
 * header. Deterministic: it counts bytes, it never times anything. The bound is below one byte per operation, which
 * no per-operation allocation (16 bytes at least) can meet, while a one-off allocation of the JVM's own during the
 * measured run (a few dozen bytes, seen now and then) cannot fail it.
 */
class HeaderAllocationTest {
    private static final int WARM_UP = 30_000;
    private static final int MEASURED = 20_000;
    /** Less than the smallest object: no operation allocates anything. */
    private static final double NOTHING_PER_OPERATION = 1.0;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final InternTable names = new InternTable(1024, 512);

    @Test
    void decodingSendMessageV2AllocatesNothing() {
        ExtFields ext = sendV2();
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        double perDecode = bytesPerRun(() -> header.decode(RequestCode.SEND_MESSAGE_V2, ext, names));
        System.out.println("SEND_MESSAGE_V2 decode: " + perDecode + " bytes/op");
        assertThat(perDecode).isLessThan(NOTHING_PER_OPERATION);
        assertThat(header.topic()).isEqualTo("CaptureTopic");
    }

    @Test
    void decodingPullMessageAllocatesNothing() {
        ExtFields ext = PullMessageRequestHeaderTest.captured();
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        double perDecode = bytesPerRun(() -> header.decode(ext, names));
        System.out.println("PULL_MESSAGE decode: " + perDecode + " bytes/op");
        assertThat(perDecode).isLessThan(NOTHING_PER_OPERATION);
        assertThat(header.maxMsgBytes()).isEqualTo(262144);
    }

    @Test
    void encodingSendAndPullResponsesAllocatesNothing() {
        ExtFields out = new ExtFields();
        SendMessageResponseHeader send = new SendMessageResponseHeader().msgId("7F00000100002A9F000000000000011D")
            .queueId(1).queueOffset(12345).transactionId("FD000000000000000000000000000002608C30946E0995A893300001")
            .region("DefaultRegion").traceOn(true);
        PullMessageResponseHeader pull = new PullMessageResponseHeader().suggestWhichBrokerId(0).nextBeginOffset(42)
            .minOffset(0).maxOffset(99).topicSysFlag(0).groupSysFlag(0);
        double perEncode = bytesPerRun(() -> {
            out.clear();
            send.encode(out);
            send.encode(out, SerializeType.ROCKETMQ);
            pull.encode(out);
            pull.encode(out, SerializeType.ROCKETMQ);
        });
        System.out.println("SEND and PULL response encode: " + perEncode + " bytes/op");
        assertThat(perEncode).isLessThan(NOTHING_PER_OPERATION);
    }

    @Test
    void encodingAPullRequestInBothOrdersAllocatesNothing() {
        ExtFields out = new ExtFields();
        PullMessageRequestHeader pull = new PullMessageRequestHeader();
        pull.decode(PullMessageRequestHeaderTest.captured(), names);
        double perEncode = bytesPerRun(() -> {
            out.clear();
            pull.encode(out);
            pull.encode(out, SerializeType.ROCKETMQ);
        });
        System.out.println("PULL_MESSAGE encode: " + perEncode + " bytes/op");
        assertThat(perEncode).isLessThan(NOTHING_PER_OPERATION);
    }

    @Test
    void theFieldTableHeadersDecodeAndEncodeWithoutAllocatingEither() {
        ExtFields ext = new ExtFields().add("queueId", "2").add("bname", "broker-a").add("commitOffset", "1234567")
            .add("topic", "CaptureTopic").add("consumerGroup", "capture_consumer_group");
        ExtFields out = new ExtFields();
        UpdateConsumerOffsetRequestHeader header = new UpdateConsumerOffsetRequestHeader();
        double perRun = bytesPerRun(() -> {
            header.decode(ext, names);
            out.clear();
            header.encode(out);
        });
        System.out.println("UPDATE_CONSUMER_OFFSET decode and encode: " + perRun + " bytes/op");
        assertThat(perRun).isLessThan(NOTHING_PER_OPERATION);
    }

    /** Bytes this thread allocates per run of {@code operation}, after warm-up, less the cost of measuring. */
    private static double bytesPerRun(Runnable operation) {
        for (int i = 0; i < WARM_UP; i++) {
            operation.run();
        }
        long empty = THREADS.getCurrentThreadAllocatedBytes();
        long start = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED; i++) {
            operation.run();
        }
        long end = THREADS.getCurrentThreadAllocatedBytes();
        long total = end - start - (start - empty);
        System.out.println(total + " bytes in " + MEASURED + " runs");
        return (double) total / MEASURED;
    }

    /** A SEND_MESSAGE_V2 ext map as the 5.4.0 producer sends it, full properties included. */
    private static ExtFields sendV2() {
        return new ExtFields().add("a", "capture_producer_group").add("b", "CaptureTopic").add("c", "TBW102").add("d", "4")
            .add("e", "0").add("f", "0").add("g", "1796002084030").add("h", "0")
            .add("i", "color\u0001red\u0002KEYS\u0001key-1\u0002UNIQ_KEY\u0001FD000000000000000000000000000002655A30946E0995A90CBE0000"
                + "\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002seq\u00011\u0002")
            .add("j", "0").add("k", "false").add("m", "false").add("n", "broker-a");
    }
}
