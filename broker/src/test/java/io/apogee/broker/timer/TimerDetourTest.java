package io.apogee.broker.timer;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.SendCopies;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.ExchangePool;
import io.apogee.common.time.ManualClock;
import io.apogee.transport.EmbeddedPeers;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingFrameDecoder;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
    private static final TransportConfig CONFIG = TransportConfig.defaults();
    private static final long NOW = 1_700_000_000_000L;
    private static final long MAX_DELAY_MILLIS = 10_000;
    private static final int QUEUE = 2;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(NOW);
    private final ExchangePool pool = new ExchangePool(4);
    private final DetourRequest send = new DetourRequest();
    private EmbeddedChannel channel;
    private Peer peer;
    private TimerStore timers;
    private SendCopies copies;
    /** The exchange of the last send offered. */
    private Exchange exchange;

    @BeforeEach
    void open() {
        channel = new EmbeddedChannel();
        peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        timers = new TimerStore(dir);
        copies = new SendCopies(timers.store, TimerStore.HOST, "DefaultCluster",
            UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, clock));
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
        timers.close();
    }

    @Test
    void aSendAskingForNoTimePassesUntouched() {
        ByteBuf body = body();
        Exchange untimed = exchange(body);
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
        assertThat(answer.code).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.remark).isEqualTo("accurate timer message is not enabled, timerWheelEnable is false");
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aDelayOverTheMaxIsRefused() {
        ByteBuf body = body();
        assertThat(take(detour(true), body, property(PropertyNames.TIMER_DELAY_SEC, "11")))
            .isEqualTo(DetourOutcome.REFUSED);
        Answer answer = readAnswer();
        assertThat(answer.code).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(answer.remark).isEqualTo("timer message illegal, the delay time should not be bigger than the max "
            + "delay 10000ms; this one is 11000ms");
        assertThat(body.refCnt()).isZero();
        assertThat(timers.store.maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID)).as("nothing parked").isZero();
    }

    @Test
    void aDeliveryTimeIsMeasuredOnTheClock() throws InterruptedException {
        long deliverAt = NOW + MAX_DELAY_MILLIS + 1;
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELIVER_MS, Long.toString(deliverAt))))
            .isEqualTo(DetourOutcome.REFUSED);
        assertThat(readAnswer().code).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);

        clock.advanceMillis(1);
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELIVER_MS, Long.toString(deliverAt))))
            .as("exactly the max delay").isEqualTo(DetourOutcome.SUBMITTED);
        Answer parked = awaitAnswer();
        assertThat(parked.code).isEqualTo(ResponseCode.SUCCESS);
        assertThat(parked.queueId).as("the queue asked for").isEqualTo(Integer.toString(QUEUE));
        timers.awaitDispatch(TimerTopic.NAME, 1); // the unit follows the record on the dispatcher
    }

    @Test
    void aTimeThatIsNotANumberIsRefused() {
        assertThat(take(detour(true), body(), property(PropertyNames.TIMER_DELAY_MS, "soon")))
            .isEqualTo(DetourOutcome.REFUSED);
        Answer answer = readAnswer();
        assertThat(answer.code).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(answer.remark).startsWith("timer message illegal, its delivery time is not a number");
    }

    private TimerDetour detour(boolean enabled) {
        return new TimerDetour(copies, timers.timers, clock, MAX_DELAY_MILLIS, enabled);
    }

    /** Offers a timed send of {@code body} with the {@code properties} text to {@code detour}. */
    private DetourOutcome take(TimerDetour detour, ByteBuf body, String properties) {
        exchange = exchange(body);
        DetourRequest request = send.set(exchange, header(properties), "orders", QUEUE).asks(0, true);
        try {
            return detour.take(request);
        } finally {
            request.clear();
        }
    }

    private Exchange exchange(ByteBuf body) {
        return pool.open(peer, new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 7), body);
    }

    private static SendMessageRequestHeader header(String properties) {
        return new SendMessageRequestHeader().topic("orders").queueId(QUEUE).bornTimestamp(NOW).properties(properties);
    }

    private static String property(String name, String value) {
        return name + (char) PropertyNames.NAME_VALUE_SEPARATOR + value + (char) PropertyNames.PROPERTY_SEPARATOR;
    }

    private static ByteBuf body() {
        return Unpooled.copiedBuffer("timed", StandardCharsets.UTF_8);
    }

    /**
     * Waits until the store's completion has answered the last exchange (which then closes), then runs what it left
     * for the channel's event loop (this thread) and reads the answer.
     */
    private Answer awaitAnswer() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (exchange.isOpen() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        channel.runPendingTasks();
        return readAnswer();
    }

    private Answer readAnswer() {
        ByteBuf bytes = channel.readOutbound();
        assertThat(bytes).as("an answer was written").isNotNull();
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(CONFIG.maxFrameSize()));
        try {
            decoder.writeInbound(bytes);
            InboundFrame frame = decoder.readInbound();
            frame.body().release();
            return new Answer(frame.header().code(), frame.header().remark(), frame.header().ext().get("queueId"));
        } finally {
            decoder.finishAndReleaseAll();
        }
    }

    private record Answer(int code, String remark, String queueId) {
    }
}
