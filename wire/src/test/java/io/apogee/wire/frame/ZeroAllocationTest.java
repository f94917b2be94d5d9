package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.testing.CaptureFile;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hot path allocates nothing after warm-up: decoding the captured SEND_MESSAGE_V2 frames (JSON and binary, from heap
 * and direct buffers) into a reused header, encoding such a header into a reused buffer, and putting its ext fields
 * into HashMap order. Counted with {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}, which is
 * exact per thread; nothing is timed.
 *
 * <p>The JIT itself may now and then allocate on the measured thread (re-materializing scalar-replaced objects when it
 * deoptimizes a frame): under {@code -Xint} the same loops allocate nothing at all once warmed up. So a measurement
 * is a few rounds of {@value #MEASURED} operations, and the steady state is proven by a round that allocates 0 bytes;
 * a real per-operation allocation (16 bytes at least) would show in every round.
 */
class ZeroAllocationTest {
    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 10_000;
    private static final int ROUNDS = 5;
    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** An array, not a list: iterating a list may allocate an iterator, which would be counted against the codec. */
    private static ByteBuffer[] sendFrames;

    @BeforeAll
    static void sendMessageFrames() {
        assertThat(THREADS.isThreadAllocatedMemorySupported()).isTrue();
        THREADS.setThreadAllocatedMemoryEnabled(true);
        List<CaptureFile.Frame> sends = CaptureFile.readAll().stream()
            .filter(frame -> frame.code() == 310 && !frame.isResponse()).toList();
        assertThat(sends).extracting(CaptureFile.Frame::serialize).contains("JSON", "ROCKETMQ");
        sendFrames = sends.stream().flatMap(frame -> List.of(frame.buffer(), RocketMqCompatibilityTest.place(frame.bytes(), 0, 0, true))
            .stream()).toArray(ByteBuffer[]::new);
    }

    @Test
    void decodingASendMessageFrameAllocatesNothing() {
        FrameDecoder decoder = new FrameDecoder();
        DecodedFrame frame = new DecodedFrame();
        Runnable decodeAll = () -> {
            for (ByteBuffer buffer : sendFrames) {
                decoder.decode(buffer, 0, buffer.limit(), frame);
            }
        };
        long bytes = allocatedBy(decodeAll);
        System.out.println("bytes allocated per decode of a SEND_MESSAGE_V2 frame: " + (double) bytes / MEASURED / sendFrames.length);
        assertThat(frame.header().ext().get("b")).isEqualTo("CaptureTopic");
        assertThat(bytes).isZero();
    }

    @Test
    void encodingASendMessageHeaderAllocatesNothing() {
        FrameDecoder decoder = new FrameDecoder();
        FrameEncoder encoder = new FrameEncoder();
        RemotingHeader[] headers = java.util.Arrays.stream(sendFrames).map(buffer -> {
            DecodedFrame frame = new DecodedFrame();
            decoder.decode(buffer, 0, buffer.limit(), frame);
            return frame.header();
        }).toArray(RemotingHeader[]::new);
        ByteBuffer heap = ByteBuffer.allocate(4096);
        ByteBuffer direct = ByteBuffer.allocateDirect(4096);
        Runnable encodeAll = () -> {
            for (RemotingHeader header : headers) {
                encoder.encode(header, 7, heap, 3);
                encoder.encode(header, 7, direct, 0);
            }
        };
        long bytes = allocatedBy(encodeAll);
        System.out.println("bytes allocated per encode of a SEND_MESSAGE_V2 header: " + (double) bytes / MEASURED / headers.length / 2);
        assertThat(bytes).isZero();
    }

    @Test
    void puttingExtFieldsIntoHashMapOrderAllocatesNothing() {
        DecodedFrame frame = new DecodedFrame();
        new FrameDecoder().decode(sendFrames[0], 0, sendFrames[0].limit(), frame);
        ExtFields ext = frame.header().ext();
        HashMapOrder order = new HashMapOrder();
        long bytes = allocatedBy(() -> order.reorder(ext));
        assertThat(bytes).isZero();
    }

    /**
     * After {@link #WARM_UP} runs of {@code work}, the bytes this thread allocates for {@link #MEASURED} runs: 0 as soon
     * as one of {@link #ROUNDS} rounds allocates nothing, else the least any round allocated.
     */
    private static long allocatedBy(Runnable work) {
        for (int i = 0; i < WARM_UP; i++) {
            work.run();
        }
        long overhead = THREADS.getCurrentThreadAllocatedBytes();
        overhead = THREADS.getCurrentThreadAllocatedBytes() - overhead;
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && least > 0; round++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MEASURED; i++) {
                work.run();
            }
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before - overhead;
            System.out.println("  round " + round + ": " + allocated + " bytes for " + MEASURED + " runs");
            least = Math.min(least, allocated);
        }
        return least;
    }
}
