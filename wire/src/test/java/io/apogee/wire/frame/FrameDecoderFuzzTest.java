package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;

/**
 * Jazzer over the frame decoder. Whatever the bytes, decoding a region frame after frame may only ever give a frame
 * inside the region, "need more bytes", or a {@link CorruptFrameException} with a kind and a message; a frame it
 * gives re-encodes (where its serialization can carry it) to a frame that decodes to the same header. Surefire sets
 * {@code JAZZER_FUZZ=1}, so the build fuzzes for the duration below; with {@code -Djazzer.fuzz=0} only the inputs
 * kept in {@code src/test/resources} are replayed. Those inputs double as the seed corpus: one captured frame of each
 * kind, followed by the three bytes read first (from the end: heap or direct, offset, and 0 for "raw region").
 *
 * <p>Jazzer 0.24.0 cannot instrument Java 25 class files ("Unsupported class file major version 69"), so it gets no
 * coverage feedback and mutates blindly; {@link FuzzedFrames} therefore builds structured inputs (consistent
 * envelopes, damaged captured frames, JSON and binary headers assembled from parts) that reach deep into the
 * decoders anyway. The test prints how many inputs it ran.
 */
class FrameDecoderFuzzTest {
    private static final int MAX_FRAME_SIZE = 1 << 16;
    private static final AtomicLong RUNS = new AtomicLong();
    private static final AtomicLong FRAMES = new AtomicLong();
    private static final AtomicLong CORRUPT = new AtomicLong();

    private final FrameDecoder decoder = new FrameDecoder(MAX_FRAME_SIZE);
    private final FrameDecoder redecoder = new FrameDecoder(MAX_FRAME_SIZE);
    private final FrameEncoder encoder = new FrameEncoder(MAX_FRAME_SIZE);
    private final DecodedFrame frame = new DecodedFrame();
    private final DecodedFrame again = new DecodedFrame();

    @FuzzTest(maxDuration = "12s")
    void decodesOnlyToFramesNeedMoreOrCorrupt(FuzzedDataProvider data) {
        RUNS.incrementAndGet();
        boolean direct = data.consumeBoolean();
        int offset = data.consumeInt(0, 7);
        byte[] bytes = FuzzedFrames.region(data);
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(offset + bytes.length) : ByteBuffer.allocate(offset + bytes.length);
        buffer.put(offset, bytes);
        int at = offset;
        try {
            while (at < buffer.limit()) {
                int size = decoder.decode(buffer, at, buffer.limit() - at, frame);
                if (size == FrameDecoder.NEED_MORE_BYTES) {
                    return;
                }
                assertThat(size).isBetween(FrameLayout.PREFIX_SIZE, buffer.limit() - at);
                assertThat(frame.bodyOffset() + frame.bodyLength()).isEqualTo(at + size);
                checkRoundTrip(frame.header());
                FRAMES.incrementAndGet();
                at += size;
            }
        } catch (CorruptFrameException e) {
            CORRUPT.incrementAndGet();
            assertThat(e.kind()).isNotNull();
            assertThat(e.getMessage()).isNotBlank();
        }
    }

    @AfterAll
    static void report() {
        System.out.println("fuzzed inputs: " + RUNS.get() + ", frames decoded: " + FRAMES.get() + ", corrupt: " + CORRUPT.get());
    }

    private void checkRoundTrip(RemotingHeader header) {
        if (header.serializeType() == SerializeType.ROCKETMQ && !BinaryHeaderEncoder.canEncode(header)) {
            return;
        }
        ByteBuffer out = ByteBuffer.allocate(encoder.measure(header));
        encoder.encode(header, 0, out, 0);
        assertThat(redecoder.decode(out, 0, out.limit(), again)).isEqualTo(out.limit());
        RemotingHeader copy = again.header();
        assertThat(copy.code()).isEqualTo(header.code());
        assertThat(copy.flag()).isEqualTo(header.flag());
        assertThat(copy.opaque()).isEqualTo(header.opaque());
        assertThat(copy.version()).isEqualTo(header.version());
        boolean binary = header.serializeType() == SerializeType.ROCKETMQ;
        // JSON leaves a null language out, and a missing language reads as JAVA (RocketMQ does the same)
        assertThat(copy.language()).isEqualTo(!binary && header.language() == null ? LanguageCode.JAVA : header.language());
        assertThat(copy.serializeType()).isEqualTo(header.serializeType());
        assertThat(copy.remark()).isEqualTo(binary && "".equals(header.remark()) ? null : header.remark());
        assertThat(nonNullEntries(copy.ext())).isEqualTo(nonNullEntries(header.ext()));
    }

    private static List<String> nonNullEntries(ExtFields ext) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < ext.size(); i++) {
            if (!ext.isNull(i)) {
                byte[] key = new byte[ext.keyLength(i)];
                byte[] value = new byte[ext.valueLength(i)];
                ext.buffer().get(ext.keyOffset(i), key);
                ext.buffer().get(ext.valueOffset(i), value);
                entries.add(java.util.HexFormat.of().formatHex(key) + "=" + java.util.HexFormat.of().formatHex(value));
            }
        }
        return entries;
    }
}
