package io.apogee.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TransactionStateTest {
    @Test
    void progressPassesOffsetsResolvedOutOfOrder() {
        TransactionState state = new TransactionState();
        assertThat(state.resolve(1)).isTrue();
        assertThat(state.resolve(2)).isTrue();
        assertThat(state.progress()).isZero();
        assertThat(state.isResolved(1)).isTrue();
        assertThat(state.isResolved(0)).isFalse();
        assertThat(state.resolve(0)).isTrue();
        assertThat(state.progress()).isEqualTo(3);
        assertThat(state.isResolved(2)).isTrue();
        assertThat(state.isResolved(3)).isFalse();
    }

    @Test
    void aSecondOutcomeForTheSameMessageIsRefused() {
        TransactionState state = new TransactionState();
        assertThat(state.resolve(0)).isTrue();
        assertThat(state.resolve(0)).isFalse();
        assertThat(state.resolve(5)).isTrue();
        assertThat(state.resolve(5)).isFalse();
    }

    @Test
    void anUnresolvedMessageIsCheckedAgainAndCountsItsChecks() {
        TransactionState state = new TransactionState();
        assertThat(state.countCheck(4)).isEqualTo(1);
        assertThat(state.countCheck(4)).isEqualTo(2);
        assertThat(state.resolve(4)).isTrue();
        state.unresolve(4);
        assertThat(state.isResolved(4)).isFalse();
        assertThat(state.countCheck(4)).isEqualTo(1);
    }

    @Test
    void replayedChecksCountForUnresolvedMessagesOnly() {
        TransactionState state = new TransactionState();
        state.recountCheck(7);
        state.recountCheck(7);
        state.resolve(2);
        state.recountCheck(2); // a check record of a message resolved earlier in the replay adds nothing
        assertThat(state.checkCount(7)).isEqualTo(2);
        assertThat(state.checkCount(2)).isZero();
        assertThat(state.countCheck(7)).isEqualTo(3);
        state.resolve(7);
        assertThat(state.checkCount(7)).isZero();
    }

    @Test
    void skippingPastRemovedMessagesKeepsLaterResolutions() {
        TransactionState state = new TransactionState();
        state.resolve(3);
        state.resolve(12);
        state.skipTo(10);
        assertThat(state.progress()).isEqualTo(10);
        assertThat(state.isResolved(12)).isTrue();
        assertThat(state.isResolved(11)).isFalse();
        state.resolve(10);
        state.resolve(11);
        assertThat(state.progress()).isEqualTo(13);
    }

    @Test
    void unresolvedCountsWhatNeitherProgressNorTheSetCovers() {
        TransactionState state = new TransactionState();
        assertThat(state.unresolvedBelow(5)).isEqualTo(5);
        state.resolve(0);
        state.resolve(3);
        assertThat(state.unresolvedBelow(5)).as("1, 2 and 4").isEqualTo(3);
        state.resolve(1);
        state.resolve(2);
        assertThat(state.unresolvedBelow(5)).as("4").isEqualTo(1);
        state.resolve(4);
        assertThat(state.unresolvedBelow(5)).isZero();
        assertThat(state.unresolvedBelow(3)).as("an end the progress passed").isZero();
    }
}
