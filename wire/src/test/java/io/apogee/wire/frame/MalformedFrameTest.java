package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Randomized malformed frames, each defect aimed at one error kind, plus blind byte damage: the decoder answers with a
 * frame, "need more bytes" or a {@link CorruptFrameException} of the expected kind with a readable message, and never
 * anything else. Prints its seed; replay with {@code -Dapogee.seed=<seed>}.
 */
class MalformedFrameTest {
    private static final int ROUNDS = 3000;

    private final FrameDecoder decoder = new FrameDecoder();
    private final DecodedFrame frame = new DecodedFrame();
    private final List<byte[]> valid = new ArrayList<>();
    private Random random;
    private long seed;

    @BeforeEach
    void validFrames() {
        seed = Seeds.seed(getClass().getSimpleName());
        random = new Random(seed);
        CaptureFile.readAll().forEach(captured -> valid.add(captured.bytes()));
        RandomHeaders headers = new RandomHeaders(random);
        for (int i = 0; i < 300; i++) {
            RandomHeaders.Sample sample = headers.sample(random.nextBoolean() ? SerializeType.JSON : SerializeType.ROCKETMQ);
            if (sample.body().length < 10_000) {
                valid.add(RocketMqOracle.encode(sample.command()));
            }
        }
    }

    private byte[] anyValid() {
        return valid.get(random.nextInt(valid.size())).clone();
    }

    private byte[] validOf(SerializeType type) {
        while (true) {
            byte[] bytes = anyValid();
            if (FrameLayout.serializeTypeCode(ByteBuffer.wrap(bytes).getInt(4)) == type.code()) {
                return bytes;
            }
        }
    }

    /** Decodes and returns the error kind, or null for a frame or "need more bytes"; any other throwable fails. */
    private FrameError outcome(byte[] bytes, String context) {
        ByteBuffer buffer = random.nextBoolean() ? ByteBuffer.wrap(bytes) : RocketMqCompatibilityTest.place(bytes, 0, 0, true);
        try {
            int result = decoder.decode(buffer, 0, bytes.length, frame);
            assertThat(result).as(context + ": a frame size within the region, or NEED_MORE_BYTES (0)").isBetween(0, bytes.length);
            return null;
        } catch (CorruptFrameException e) {
            assertThat(e.getMessage()).as(context).isNotBlank().doesNotContain("Exception");
            return e.kind();
        }
    }

    private void expect(byte[] bytes, Set<FrameError> kinds, String what) {
        String context = "seed " + seed + ": " + what;
        assertThat(outcome(bytes, context)).as(context).isIn(kinds);
    }

    @Test
    void truncatedPrefixesOfValidFramesNeedMoreBytes() {
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = anyValid();
            int length = random.nextInt(bytes.length);
            assertThat(decoder.decode(ByteBuffer.wrap(bytes), 0, length, frame)).as("seed " + seed).isEqualTo(FrameDecoder.NEED_MORE_BYTES);
        }
    }

    @Test
    void badFrameLengths() {
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = anyValid();
            int length = switch (random.nextInt(3)) {
                case 0 -> Integer.MIN_VALUE + random.nextInt(Integer.MAX_VALUE);
                case 1 -> random.nextInt(FrameLayout.MIN_FRAME_LENGTH);
                default -> FrameLayout.DEFAULT_MAX_FRAME_SIZE - FrameLayout.FRAME_LENGTH_SIZE + 1 + random.nextInt(Integer.MAX_VALUE / 2);
            };
            ByteBuffer.wrap(bytes).putInt(0, length);
            FrameError expected = length < 0 ? FrameError.NEGATIVE_FRAME_LENGTH
                : length < FrameLayout.MIN_FRAME_LENGTH ? FrameError.FRAME_TOO_SHORT : FrameError.FRAME_TOO_LONG;
            expect(java.util.Arrays.copyOf(bytes, 4 + random.nextInt(bytes.length - 3)), Set.of(expected), "frame length " + length);
        }
    }

    @Test
    void unknownSerializeTypesAndHeaderLengthsBeyondTheFrame() {
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = anyValid();
            ByteBuffer view = ByteBuffer.wrap(bytes);
            int headerLength = FrameLayout.headerLength(view.getInt(4));
            if (random.nextBoolean()) {
                int type = 2 + random.nextInt(254);
                view.put(4, (byte) type);
                expect(bytes, Set.of(FrameError.UNKNOWN_SERIALIZE_TYPE), "serialize type " + type);
            } else {
                int beyond = view.getInt(0) - FrameLayout.MIN_FRAME_LENGTH + 1 + random.nextInt(1000);
                view.putInt(4, view.getInt(4) & ~FrameLayout.HEADER_LENGTH_MASK | beyond);
                expect(java.util.Arrays.copyOf(bytes, 8 + random.nextInt(bytes.length - 7)),
                    Set.of(FrameError.HEADER_LENGTH_BEYOND_FRAME), "header length " + beyond + " instead of " + headerLength);
            }
        }
    }

    @Test
    void headersCutShortInsideAConsistentEnvelope() {
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = anyValid();
            ByteBuffer view = ByteBuffer.wrap(bytes);
            int headerLength = FrameLayout.headerLength(view.getInt(4));
            int cut = random.nextInt(headerLength);
            SerializeType type = SerializeType.fromCode(FrameLayout.serializeTypeCode(view.getInt(4)));
            byte[] shortened = frame(type, java.util.Arrays.copyOfRange(bytes, 8, 8 + cut));
            Set<FrameError> expected = type == SerializeType.JSON
                ? EnumSet.of(FrameError.HEADER_TRUNCATED)
                : EnumSet.of(FrameError.HEADER_TRUNCATED, FrameError.FIELD_LENGTH_OUT_OF_RANGE);
            expect(shortened, expected, type + " header cut from " + headerLength + " to " + cut + " bytes");
        }
    }

    @Test
    void binaryLengthsBeyondTheHeader() {
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = validOf(SerializeType.ROCKETMQ);
            ByteBuffer view = ByteBuffer.wrap(bytes);
            int headerLength = FrameLayout.headerLength(view.getInt(4));
            int remarkLengthAt = 8 + BinaryHeaderLayout.REMARK_LENGTH_OFFSET;
            int extLengthAt = remarkLengthAt + 4 + view.getInt(remarkLengthAt);
            int at = random.nextBoolean() ? remarkLengthAt : extLengthAt;
            int bad = random.nextBoolean() ? headerLength + 1 + random.nextInt(1 << 20) : -1 - random.nextInt(Integer.MAX_VALUE);
            view.putInt(at, bad);
            expect(bytes, Set.of(FrameError.FIELD_LENGTH_OUT_OF_RANGE), (at == remarkLengthAt ? "remark" : "ext") + " length " + bad);
        }
    }

    @Test
    void invalidUtf8InJsonStrings() {
        byte[][] invalid = {
            {(byte) 0x80}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xB0, (byte) 0x80}, {(byte) 0xF8}, {(byte) 0xFE},
        };
        for (int round = 0; round < ROUNDS / 10; round++) {
            byte[] sequence = invalid[random.nextInt(invalid.length)];
            String before = "{\"code\":1,\"remark\":\"" + "x".repeat(random.nextInt(5));
            String after = "\",\"extFields\":{}}";
            byte[] header = concat(before.getBytes(StandardCharsets.US_ASCII), sequence, after.getBytes(StandardCharsets.US_ASCII));
            expect(frame(SerializeType.JSON, header), Set.of(FrameError.INVALID_UTF8), "invalid UTF-8 in a remark");
        }
    }

    @Test
    void brokenJsonAndOverlongNesting() {
        String[] broken = {"{\"code\":1,,}", "{\"code\"::1}", "{\"code\":1]", "{\"a\":[1,]}", "{\"a\":{\"b\" 1}}", "{\"a\":\"\\q\"}",
            "{\"code\":00}", "{\"code\":1} {", "{\"a\":tRue}", "{\"a\":" + "[".repeat(JsonScanner.MAX_NESTING_DEPTH) + "]}"};
        Set<FrameError> kinds = EnumSet.of(FrameError.MALFORMED_JSON, FrameError.BAD_ESCAPE, FrameError.BAD_NUMBER,
            FrameError.TRAILING_BYTES, FrameError.NESTING_TOO_DEEP);
        for (String json : broken) {
            expect(frame(SerializeType.JSON, json.getBytes(StandardCharsets.UTF_8)), kinds, json);
        }
        for (int round = 0; round < ROUNDS / 10; round++) {
            int depth = JsonScanner.MAX_NESTING_DEPTH + random.nextInt(10_000);
            String json = "{\"deep\":" + (random.nextBoolean() ? "[".repeat(depth) : "{\"k\":".repeat(depth)) + "1";
            byte[] deep = frame(SerializeType.JSON, json.getBytes(StandardCharsets.UTF_8));
            expect(deep, Set.of(FrameError.NESTING_TOO_DEEP), "depth " + depth);
        }
    }

    @Test
    void blindByteDamageGivesOnlyFramesNeedMoreOrCorrupt() {
        Set<FrameError> any = EnumSet.allOf(FrameError.class);
        for (int round = 0; round < ROUNDS * 3; round++) {
            byte[] bytes = anyValid();
            int damage = 1 + random.nextInt(4);
            for (int i = 0; i < damage; i++) {
                int at = random.nextInt(10) == 0 ? random.nextInt(8) : random.nextInt(bytes.length);
                bytes[at] = (byte) random.nextInt(256);
            }
            String context = "seed " + seed + " round " + round;
            FrameError kind = outcome(bytes, context);
            assertThat(kind == null || any.contains(kind)).as(context).isTrue();
        }
    }

    private static byte[] frame(SerializeType type, byte[] header) {
        ByteBuffer frame = ByteBuffer.allocate(FrameLayout.PREFIX_SIZE + header.length);
        frame.putInt(FrameLayout.MIN_FRAME_LENGTH + header.length).putInt(FrameLayout.typeAndHeaderLength(type, header.length)).put(header);
        return frame.array();
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuffer all = ByteBuffer.allocate(java.util.Arrays.stream(parts).mapToInt(part -> part.length).sum());
        for (byte[] part : parts) {
            all.put(part);
        }
        return all.array();
    }
}
