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
            assertThat(verifier.received(ByteBuffer.wrap(payload.fill(i, 0, 0)))).isEqualTo(PerfPayload.Verdict.INTACT);
        }
        verifier.received(ByteBuffer.wrap(payload.fill(1, 0, 0)));
        byte[] corrupt = payload.fill(4, 0, 0).clone();
        corrupt[39] ^= 1;
        assertThat(verifier.received(ByteBuffer.wrap(corrupt))).isEqualTo(PerfPayload.Verdict.CORRUPT);
        assertThat(verifier.received(ByteBuffer.wrap(new PerfPayload(RUN + 1, 40).fill(4, 0, 0))))
            .isEqualTo(PerfPayload.Verdict.FOREIGN);

        assertThat(verifier.lost()).isEqualTo(1);
        assertThat(verifier.receivedDistinct()).isEqualTo(4);
        assertThat(verifier.duplicates()).isEqualTo(1);
        assertThat(verifier.corrupt()).isEqualTo(1);
        assertThat(verifier.foreign()).isEqualTo(1);

        verifier.received(ByteBuffer.wrap(payload.fill(4, 0, 0)));
        assertThat(verifier.allConfirmedReceived()).isTrue();
    }

    @Test
    void sequencesPastAMillionAreKeptApartAcrossThreads() throws Exception {
        DeliveryVerifier verifier = new DeliveryVerifier(RUN, 40);
        int[] sequences = {0, 63, 64, (1 << 20) - 1, 1 << 20, 3_000_001};
        for (int sequence : sequences) {
            verifier.confirmed(sequence);
        }
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                PerfPayload payload = new PerfPayload(RUN, 40);
                for (int i = 1; i < sequences.length; i++) {
                    verifier.received(ByteBuffer.wrap(payload.fill(sequences[i], 0, 0)));
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(verifier.receivedDistinct()).isEqualTo(sequences.length - 1);
        assertThat(verifier.duplicates()).isEqualTo(sequences.length - 1);
        assertThat(verifier.lost()).as("sequence 0").isEqualTo(1);
        assertThat(verifier.allConfirmedReceived()).isFalse();
        verifier.received(ByteBuffer.wrap(new PerfPayload(RUN, 40).fill(0, 0, 0)));
        assertThat(verifier.allConfirmedReceived()).isTrue();
    }
}
