package io.apogee.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The request-timeout timer with a manual clock and a recorded one-shot scheduler: not armed while nothing waits,
 * armed for the earliest deadline, each request failed at its deadline, and disarmed once nothing is left.
 */
class RequestTimeoutsTest {
    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final ManualClock clock = new ManualClock(0);
    private final List<Firing> firings = new ArrayList<>();
    private final Set<Peer> peers = ConcurrentHashMap.newKeySet();
    private final RequestTimeouts timeouts = new RequestTimeouts(peers, clock,
        (task, delayNanos) -> firings.add(new Firing(task, clock.nanos() + delayNanos)), 10 * MILLI);
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final AtomicInteger opaques = new AtomicInteger();
    private final Peer peer = new Peer(channel, "h:1", new FrameEncoder(1 << 20), opaques::getAndIncrement, clock,
        timeouts::armFor);
    private final List<String> outcomes = new ArrayList<>();

    /** A firing the timer asked for: what runs, and the clock nanos it is due at. */
    private record Firing(Runnable task, long atNanos) {
    }

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    @Test
    void nothingIsArmedWhileNoRequestWaits() {
        peers.add(peer);
        assertThat(peer.invokeOneway(request(), null, 1_000)).isTrue();
        assertThat(timeouts.isArmed()).as("a oneway request waits for nothing").isFalse();
        assertThat(firings).isEmpty();
    }

    @Test
    void eachRequestFailsAtItsDeadlineAndTheTimerStopsOnceNoneWaits() {
        peers.add(peer);
        send("three-seconds", 3_000);
        assertThat(firings).extracting(Firing::atNanos).containsExactly(3_000 * MILLI);
        send("one-second", 1_000);
        assertThat(firings).as("an earlier deadline arms an earlier firing")
            .extracting(Firing::atNanos).containsExactly(3_000 * MILLI, 1_000 * MILLI);
        RemotingHeader answered = send("answered", 2_000);
        send("five-seconds", 5_000);
        assertThat(firings).as("later deadlines wait for the armed firing").hasSize(2);
        peer.pending().complete(answered, null);

        clock.advanceMillis(1_000);
        fire(1);
        assertThat(outcomes).containsExactly("answered", "one-second timed out");
        assertThat(firings).as("armed again for the earliest deadline left")
            .extracting(Firing::atNanos).containsExactly(3_000 * MILLI, 1_000 * MILLI, 3_000 * MILLI);

        clock.advanceMillis(2_000);
        fire(0);
        fire(2);
        assertThat(outcomes).containsExactly("answered", "one-second timed out", "three-seconds timed out");
        assertThat(firings).last().extracting(Firing::atNanos).isEqualTo(5_000 * MILLI);

        clock.advanceMillis(2_000);
        fire(firings.size() - 1);
        assertThat(outcomes).last().isEqualTo("five-seconds timed out");
        assertThat(timeouts.isArmed()).as("nothing waits: nothing is armed").isFalse();
        assertThat(firings).hasSize(4);
    }

    @Test
    void aFiringThatFindsNothingDueLeavesTheTimerDisarmed() {
        peers.add(peer);
        RemotingHeader answered = send("answered", 1_000);
        peer.pending().complete(answered, null);
        clock.advanceMillis(1_000);
        fire(0);
        assertThat(timeouts.isArmed()).isFalse();
        assertThat(firings).hasSize(1);

        send("later", 500);
        assertThat(firings).as("armed again by the next request").last().extracting(Firing::atNanos)
            .isEqualTo(1_500 * MILLI);
    }

    @Test
    void firingsThatFollowOneAnotherKeepTheShortestGap() {
        peers.add(peer);
        send("first", 100);
        send("a-millisecond-later", 101);
        clock.advanceMillis(100);
        fire(0);
        assertThat(outcomes).containsExactly("first timed out");
        assertThat(firings).last().extracting(Firing::atNanos).isEqualTo(110 * MILLI);
    }

    @Test
    void aClosedTimerArmsNothing() {
        peers.add(peer);
        send("first", 100);
        timeouts.close();
        send("second", 50);
        assertThat(firings).hasSize(1);
        clock.advanceMillis(100);
        fire(0);
        assertThat(outcomes).as("the connections' close fails them").isEmpty();
    }

    private RemotingHeader send(String name, long timeoutMillis) {
        RemotingHeader header = request();
        peer.invoke(header, null, timeoutMillis, new ResponseCallback() {
            @Override
            public void onResponse(RemotingHeader response, ByteBuf body) {
                outcomes.add(name);
            }

            @Override
            public void onFailure(TransportException failure) {
                assertThat(failure).isInstanceOf(ResponseTimeoutException.class);
                outcomes.add(name + " timed out");
            }
        });
        return header;
    }

    private void fire(int index) {
        Firing firing = firings.get(index);
        assertThat(clock.nanos()).as("fired at its time").isGreaterThanOrEqualTo(firing.atNanos());
        firing.task().run();
    }

    private static RemotingHeader request() {
        return new RemotingHeader().asRequest(105, 0);
    }
}
