package io.apogee.perf;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bodies carry run, sequence and born time, and any changed byte or size is found. */
class PerfPayloadTest {
    private static final long RUN = 0x1234_5678_9ABCL;

    @Test
    void anIntactBodyGivesBackItsSequenceAndBothBornTimes() {
        ByteBuffer body = ByteBuffer.wrap(new PerfPayload(RUN, 256).fill(42, 777_000, 1_700_000_000_123L).clone());
        assertThat(PerfPayload.check(body, RUN, 256)).isEqualTo(PerfPayload.Verdict.INTACT);
        assertThat(PerfPayload.sequence(body)).isEqualTo(42);
        assertThat(PerfPayload.bornNanos(body)).isEqualTo(777_000);
        assertThat(PerfPayload.bornMillis(body)).isEqualTo(1_700_000_000_123L);
    }

    @Test
    void aBodyInsideALargerBufferIsReadFromItsPosition() {
        byte[] bytes = new PerfPayload(RUN, 64).fill(7, 1, 0).clone();
        ByteBuffer buffer = ByteBuffer.allocate(100).position(20).put(bytes).flip().position(20);
        assertThat(PerfPayload.check(buffer, RUN, 64)).isEqualTo(PerfPayload.Verdict.INTACT);
        assertThat(PerfPayload.sequence(buffer)).isEqualTo(7);
    }

    @Test
    void everyChangedByteIsCorrupt() {
        byte[] intact = new PerfPayload(RUN, 64).fill(3, 9, 0).clone();
        for (int i = PerfPayload.SEQUENCE_OFFSET; i < intact.length; i++) {
            byte[] changed = intact.clone();
            changed[i] ^= 1;
            assertThat(PerfPayload.check(ByteBuffer.wrap(changed), RUN, 64)).as("byte " + i).isEqualTo(PerfPayload.Verdict.CORRUPT);
        }
    }

    @Test
    void neighbouringSequencesGetDifferentFillers() {
        PerfPayload payload = new PerfPayload(RUN, 1024);
        byte[] first = payload.fill(0, 0, 0).clone();
        byte[] second = payload.fill(1, 0, 0).clone();
        assertThat(Arrays.copyOfRange(first, PerfPayload.HEADER_LENGTH, 1024))
            .isNotEqualTo(Arrays.copyOfRange(second, PerfPayload.HEADER_LENGTH, 1024));
        assertThat(PerfPayload.check(ByteBuffer.wrap(second), RUN, 1024)).isEqualTo(PerfPayload.Verdict.INTACT);
    }

    @Test
    void otherRunsAreForeignAndOtherSizesCorrupt() {
        byte[] body = new PerfPayload(RUN, 64).fill(3, 9, 0).clone();
        assertThat(PerfPayload.check(ByteBuffer.wrap(body), RUN + 1, 64)).isEqualTo(PerfPayload.Verdict.FOREIGN);
        assertThat(PerfPayload.check(ByteBuffer.wrap(body), RUN, 65)).isEqualTo(PerfPayload.Verdict.CORRUPT);
        assertThat(PerfPayload.check(ByteBuffer.wrap(body, 0, 10), RUN, 64)).isEqualTo(PerfPayload.Verdict.CORRUPT);
        assertThatThrownBy(() -> new PerfPayload(RUN, PerfPayload.HEADER_LENGTH - 1)).hasMessageContaining("at least 36");
    }
}
