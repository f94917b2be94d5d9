package io.apogee.client.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Pulls in flight per queue: one until a full answer shows a backlog, answers taken only in queue order. */
class PullWindowTest {
    private static final int BATCH = 100;

    private final PullWindow window = new PullWindow(3, BATCH, 0);

    @Test
    void onePullGoesOutUntilAFullAnswerWithMoreBehindOpensTheWindow() {
        long round = window.round();
        assertThat(window.claim(round)).isZero();
        assertThat(window.claim(round)).as("no backlog known yet").isEqualTo(-1);

        assertThat(window.accept(round, 0, 0)).isTrue();
        window.taken(0, 100, true, true);
        assertThat(window.claim(round)).isEqualTo(100);
        assertThat(window.claim(round)).isEqualTo(200);
        assertThat(window.claim(round)).isEqualTo(300);
        assertThat(window.claim(round)).as("the window of three is full").isEqualTo(-1);
    }

    @Test
    void answersAreTakenInOrderAndAShortOneEndsTheRound() {
        long round = openWith(3);
        assertThat(window.accept(round, 100, 100)).isTrue();
        window.taken(100, 200, true, true);
        assertThat(window.accept(round, 200, 200)).isTrue();
        window.taken(200, 250, true, false); // the end of the queue: 50 messages
        assertThat(window.round()).isNotEqualTo(round);
        assertThat(window.accept(round, 300, 250)).as("sent past the end in the old round").isFalse();

        long next = window.round();
        assertThat(window.claim(next)).isEqualTo(250);
        assertThat(window.claim(next)).as("one long poll at the end").isEqualTo(-1);
    }

    @Test
    void anAnswerBeforeAnEarlierOneStartsANewRoundFromTheLastEnd() {
        long round = openWith(2);
        assertThat(window.accept(round, 200, 100)).as("the answer at 200 came before the one at 100").isFalse();
        assertThat(window.accept(round, 100, 100)).as("the old round's answers are dropped").isFalse();
        long next = window.round();
        assertThat(next).isNotEqualTo(round);
        assertThat(window.claim(next)).isEqualTo(100);
    }

    @Test
    void aBrokerCapBelowTheAskedCountBecomesTheStride() {
        long round = window.round();
        window.claim(round);
        window.accept(round, 0, 0);
        window.taken(0, 32, true, true); // RocketMQ answers 32 of the 100 asked
        assertThat(window.stride()).isEqualTo(32);
        long second = window.round();
        assertThat(window.claim(second)).isEqualTo(32);
        assertThat(window.claim(second)).as("one pull until the stride holds").isEqualTo(-1);
        window.accept(second, 32, 32);
        window.taken(32, 64, true, true);
        assertThat(window.claim(second)).isEqualTo(64);
        assertThat(window.claim(second)).isEqualTo(96);
    }

    @Test
    void anAbandonedPullRestartsFromWhereTheQueueStands() {
        long round = openWith(3);
        window.abandon(round, 100);
        assertThat(window.inFlight()).isZero();
        assertThat(window.claim(round)).as("the old round claims nothing").isEqualTo(-1);
        assertThat(window.claim(window.round())).isEqualTo(100);
    }

    /** A window after a full first answer, with pulls at 100, 200, ... out; returns the round. */
    private long openWith(int pulls) {
        long round = window.round();
        window.claim(round);
        window.accept(round, 0, 0);
        window.taken(0, 100, true, true);
        for (int i = 0; i < pulls; i++) {
            window.claim(round);
        }
        return round;
    }
}
