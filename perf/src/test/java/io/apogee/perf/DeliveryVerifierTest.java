package io.apogee.perf;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

/** Lost, duplicate, corrupt and foreign deliveries are told apart and counted. */
class DeliveryVerifierTest {
    private static final long RUN = 99;

    @Test
    void countsWhatWasLostDuplicatedCorruptedOrFromAnotherRun() {
        DeliveryVerifier verifier = new DeliveryVerifier(RUN, 40);
        PerfPayload payload = new PerfPayload(RUN, 40);
        for (int i = 0; i < 5; i++) {
            verifier.confirmed(i);
        }
        assertThat(verifier.allConfirmedReceived()).isFalse();
        for (int i = 0; i < 4; i++) {
            assertThat(verifier.received(ByteBuffer.wrap(payload.fill(i, 0)))).isEqualTo(PerfPayload.Verdict.INTACT);
        }
        verifier.received(ByteBuffer.wrap(payload.fill(1, 0)));
        byte[] corrupt = payload.fill(4, 0).clone();
        corrupt[39] ^= 1;
        assertThat(verifier.received(ByteBuffer.wrap(corrupt))).isEqualTo(PerfPayload.Verdict.CORRUPT);
        assertThat(verifier.received(ByteBuffer.wrap(new PerfPayload(RUN + 1, 40).fill(4, 0))))
            .isEqualTo(PerfPayload.Verdict.FOREIGN);

        assertThat(verifier.lost()).isEqualTo(1);
        assertThat(verifier.receivedDistinct()).isEqualTo(4);
        assertThat(verifier.duplicates()).isEqualTo(1);
        assertThat(verifier.corrupt()).isEqualTo(1);
        assertThat(verifier.foreign()).isEqualTo(1);

        verifier.received(ByteBuffer.wrap(payload.fill(4, 0)));
        assertThat(verifier.allConfirmedReceived()).isTrue();
    }
}
