package io.apogee.broker.timer;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.EmbeddedSends;
import io.apogee.broker.detour.EmbeddedSends.Answer;
import io.apogee.broker.detour.SendCopies;
import io.apogee.broker.request.Exchange;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timer detour's answers to a send, over a real {@link Exchange} on Netty's {@link EmbeddedChannel} (no socket)
 * with a manual clock: a message without a delivery time passes, one over {@code timerMaxDelaySec} or not a number
 * is refused with MESSAGE_ILLEGAL, any while the timer is disabled with SYSTEM_ERROR, and one within the limit is
 * parked on the timer topic and answered as a send to the queue it asked for.
 */
class TimerDetourTest {
    private static final long NOW = 1_700_000_000_000L;
    private static final long MAX_DELAY_MILLIS = 10_000;
    private static final int QUEUE = 2;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(NOW);
    private final DetourRequest send = new DetourRequest();
    private EmbeddedSends sends;
    private TimerStore timers;
    private SendCopies copies;
    /** The exchange of the last send offered. */
    private Exchange exchange;

    @BeforeEach
    void open() {
        sends = new EmbeddedSends();
        timers = new TimerStore(dir);
        copies = new SendCopies(timers.store, TimerStore.HOST, "DefaultCluster",
            UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, clock));
    }

    @AfterEach
    void close() {
        sends.close();
        timers.close();
    }

    @Test
    void aSendAskingForNoTimePassesUntouched() {
        ByteBuf body = body();
        Exchange untimed = sends.exchange(body);
        assertThat(detour(true).take(send.set(untimed, header(""), "orders", QUEUE))).isEqualTo(DetourOutcome.PASSED);
        assertThat(untimed.isOpen()).isTrue();
        assertThat(body.refCnt()).as("the body is still the send's").isPositive();
        untimed.close();
    }

    @Test
    void aDisabledTimerRefusesEveryTimerMessage() {
        ByteBuf body = body();
        assertThat(take(detour(false), body, property(PropertyNames.TIMER_DELAY_SEC, "1")))
            .isEqualTo(DetourOutcome.REFUSED);
        Answer answer = readAnswer();
        assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.remark()).isEqualTo("accurate timer message is not enabled, timerWheelEnable is false");
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aDelayOverTheMaxIsRefused() {
        ByteBuf body = body();
        assertThat(take(detour(true), body, property(PropertyNames.TIMER_DELAY_SEC, "11")))
            .isEqualTo(DetourOutcome.REFUSED);
        Answer answer = readAnswer();
        assertThat(answer.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(answer.remark()).isEqualTo("timer message illegal, the delay time should not be bigger than the max "
            + "delay 10000ms; this one is 11000ms");
        assertThat(body.refCnt()).isZero();
        assertThat(timers.store.maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID)).as("nothing parked").isZero();
    }

    @Test
    void aDeliveryTimeIsMeasuredOnTheClock() throws InterruptedException {
        long deliverAt = NOW + MAX_DELAY_MILLIS + 1;
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELIVER_MS, Long.toString(deliverAt))))
            .isEqualTo(DetourOutcome.REFUSED);
        assertThat(readAnswer().code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);

        clock.advanceMillis(1);
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELIVER_MS, Long.toString(deliverAt))))
            .as("exactly the max delay").isEqualTo(DetourOutcome.SUBMITTED);
        Answer parked = awaitAnswer();
        assertThat(parked.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(parked.queueId()).as("the queue asked for").isEqualTo(Integer.toString(QUEUE));
        timers.awaitDispatch(TimerTopic.NAME, 1); // the unit follows the record on the dispatcher
    }

    @Test
    void aTimeThatIsNotANumberIsRefused() {
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELAY_MS, "soon")))
            .isEqualTo(DetourOutcome.REFUSED);
        Answer answer = readAnswer();
        assertThat(answer.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(answer.remark()).startsWith("timer message illegal, its delivery time is not a number");
    }

    private TimerDetour detour(boolean enabled) {
        return new TimerDetour(copies, timers.timers, clock, MAX_DELAY_MILLIS, enabled);
    }

    /** Offers a timed send of {@code body} with the {@code properties} text to {@code detour}. */
    private DetourOutcome take(TimerDetour detour, ByteBuf body, String properties) {
        exchange = sends.exchange(body);
        DetourRequest request = send.set(exchange, header(properties), "orders", QUEUE).asks(0, true);
        try {
            return detour.take(request);
        } finally {
            request.clear();
        }
    }

    private static SendMessageRequestHeader header(String properties) {
        return new SendMessageRequestHeader().topic("orders").queueId(QUEUE).bornTimestamp(NOW).properties(properties);
    }

    private static ByteBuf body() {
        return EmbeddedSends.body("timed");
    }

    private static String property(String name, String value) {
        return EmbeddedSends.property(name, value);
    }

    private Answer awaitAnswer() {
        return sends.awaitAnswer(exchange);
    }

    private Answer readAnswer() {
        return sends.readAnswer();
    }
}
