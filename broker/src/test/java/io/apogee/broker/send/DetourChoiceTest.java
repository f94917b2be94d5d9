package io.apogee.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.Detour;
import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.Detours;
import io.apogee.broker.timer.TimerTopic;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Which detour a single send's properties select, read as the send processor reads them: one pass over the request's
 * property bytes ({@link SendProperties}) fills the reused {@link DetourRequest} that {@link Detours} routes. Runs
 * without a store or a socket.
 */
class DetourChoiceTest {
    private final SendProperties properties = new SendProperties();
    private final DetourRequest send = new DetourRequest();
    private final AtomicReference<String> chosen = new AtomicReference<>("none");
    private final Detours detours = new Detours(named("dead letters"), named("delay"), named("timer"));

    @Test
    void noDetourPropertyTakesNoDetour() {
        assertThat(choice("orders", property(PropertyNames.UNIQ_KEY, "key") + property("KEYS", "k"))).isEqualTo("none");
        assertThat(properties.uniqueKey()).isEqualTo("key");
        assertThat(choice("orders", "")).isEqualTo("none");
    }

    @Test
    void aDelayLevelSelectsTheScheduleTopic() {
        assertThat(choice("orders", property(PropertyNames.DELAY, "3"))).isEqualTo("delay");
        assertThat(send.delayLevel()).isEqualTo(3);
    }

    @Test
    void aDelayThatIsNotALevelSelectsNothing() {
        assertThat(choice("orders", property(PropertyNames.DELAY, "soon"))).isEqualTo("none");
        assertThat(choice("orders", property(PropertyNames.DELAY, "0"))).isEqualTo("none");
        assertThat(choice("orders", property(PropertyNames.DELAY, "-1"))).isEqualTo("none");
    }

    @Test
    void eachDeliveryTimeSelectsTheTimer() {
        assertThat(choice("orders", property(PropertyNames.TIMER_DELAY_SEC, "5"))).isEqualTo("timer");
        assertThat(choice("orders", property(PropertyNames.TIMER_DELAY_MS, "500"))).isEqualTo("timer");
        assertThat(choice("orders", property(PropertyNames.TIMER_DELIVER_MS, "1700000000000"))).isEqualTo("timer");
    }

    @Test
    void aDelayLevelWinsOverADeliveryTime() {
        assertThat(choice("orders", property(PropertyNames.TIMER_DELAY_SEC, "5") + property(PropertyNames.DELAY, "2")))
            .isEqualTo("delay");
    }

    @Test
    void aMessageAlreadyThroughTheTimerIsNotTimedAgain() {
        assertThat(choice("orders", property(PropertyNames.TIMER_DELAY_SEC, "5")
            + property(PropertyNames.TIMER_OUT_MS, "1700000000000"))).isEqualTo("none");
        assertThat(choice(TimerTopic.NAME, property(PropertyNames.TIMER_DELAY_SEC, "5"))).isEqualTo("none");
    }

    @Test
    void aRetryTopicMeetsTheDeadLetterRuleFirst() {
        assertThat(choice("%RETRY%group", property(PropertyNames.DELAY, "3"))).isEqualTo("dead letters");
    }

    /** The name of the detour that took a send to {@code topic} with the {@code text} properties. */
    private String choice(String topic, String text) {
        chosen.set("none");
        SendMessageRequestHeader header = new SendMessageRequestHeader().topic(topic).properties(text);
        properties.scan(header.properties());
        send.set(null, header, topic, 0).asks(properties.delayLevel(), properties.isTimed(topic));
        DetourOutcome outcome = detours.route(send);
        assertThat(outcome.taken()).isEqualTo(!"none".equals(chosen.get()));
        return chosen.get();
    }

    private Detour named(String name) {
        return taken -> {
            chosen.set(name);
            return DetourOutcome.SUBMITTED;
        };
    }

    private static String property(String name, String value) {
        return name + (char) PropertyNames.NAME_VALUE_SEPARATOR + value + (char) PropertyNames.PROPERTY_SEPARATOR;
    }
}
