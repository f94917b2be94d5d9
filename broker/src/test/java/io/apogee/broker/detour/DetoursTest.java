package io.apogee.broker.detour;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order in which {@link Detours} offers a send: the dead-letter rule for a retry topic first, then a delay level,
 * then a delivery time; the first detour that takes the send ends the walk. Runs without a store or a socket.
 */
class DetoursTest {
    private final List<String> asked = new ArrayList<>();
    private final DetourRequest send = new DetourRequest();

    @Test
    void aPlainSendIsOfferedToNoDetour() {
        Detours detours = detours(DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED);
        assertThat(detours.route(send.set(null, null, "orders", 0))).isEqualTo(DetourOutcome.PASSED);
        assertThat(asked).isEmpty();
    }

    @Test
    void aDelayLevelWinsOverADeliveryTime() {
        Detours detours = detours(DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED);
        assertThat(detours.route(send.set(null, null, "orders", 0).asks(3, true))).isEqualTo(DetourOutcome.SUBMITTED);
        assertThat(asked).containsExactly("delay");
    }

    @Test
    void aDeliveryTimeGoesToTheTimer() {
        Detours detours = detours(DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED, DetourOutcome.REFUSED);
        assertThat(detours.route(send.set(null, null, "orders", 0).asks(0, true))).isEqualTo(DetourOutcome.REFUSED);
        assertThat(asked).containsExactly("timer");
    }

    @Test
    void aRetryTopicMeetsTheDeadLetterRuleFirst() {
        Detours detours = detours(DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED);
        assertThat(detours.route(send.set(null, null, "%RETRY%group", 0).asks(3, false)))
            .isEqualTo(DetourOutcome.SUBMITTED);
        assertThat(asked).containsExactly("dead letters");
    }

    @Test
    void aRetryWithinItsLimitGoesOnToItsDelayLevel() {
        Detours detours = detours(DetourOutcome.PASSED, DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED);
        assertThat(detours.route(send.set(null, null, "%RETRY%group", 0).asks(3, false)))
            .isEqualTo(DetourOutcome.SUBMITTED);
        assertThat(asked).containsExactly("dead letters", "delay");
    }

    @Test
    void aRetryWithinItsLimitAndNothingAskedPasses() {
        Detours detours = detours(DetourOutcome.PASSED, DetourOutcome.SUBMITTED, DetourOutcome.SUBMITTED);
        assertThat(detours.route(send.set(null, null, "%RETRY%group", 0))).isEqualTo(DetourOutcome.PASSED);
        assertThat(asked).containsExactly("dead letters");
    }

    @Test
    void noDetoursTakeNothing() {
        assertThat(Detours.NONE.route(send.set(null, null, "%RETRY%group", 0).asks(2, true)))
            .isEqualTo(DetourOutcome.PASSED);
        assertThat(DetourOutcome.PASSED.taken()).isFalse();
        assertThat(DetourOutcome.REFUSED.taken()).isTrue();
        assertThat(DetourOutcome.SUBMITTED.taken()).isTrue();
    }

    @Test
    void aClearedRequestKeepsNoExchange() {
        send.set(null, null, "orders", 2).asks(1, true).clear();
        assertThat(send.exchange()).isNull();
        assertThat(send.header()).isNull();
        assertThat(send.topic()).isNull();
        assertThat(send.set(null, null, "orders", 2).delayLevel()).as("set forgets what was asked").isZero();
        assertThat(send.timed()).isFalse();
    }

    private Detours detours(DetourOutcome deadLetters, DetourOutcome delay, DetourOutcome timer) {
        return new Detours(recording("dead letters", deadLetters), recording("delay", delay), recording("timer", timer));
    }

    private Detour recording(String name, DetourOutcome outcome) {
        return taken -> {
            asked.add(name);
            return outcome;
        };
    }
}
