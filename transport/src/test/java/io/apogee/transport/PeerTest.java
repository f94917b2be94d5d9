package io.apogee.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a peer offers in place of its channel: its event loop, a close action, the address, the attachment slot. */
class PeerTest {
    @Test
    void tasksRunOnTheEventLoopAndCloseActionsRunOnce() {
        EmbeddedChannel channel = new EmbeddedChannel();
        Peer peer = EmbeddedPeers.open(channel, TransportConfig.defaults(), RequestDispatcher.IGNORE);
        AtomicInteger ran = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        peer.execute(ran::incrementAndGet);
        peer.onClose(closed::incrementAndGet);
        assertThat(ran).as("queued until the loop runs its tasks").hasValue(0);
        channel.runPendingTasks();
        assertThat(ran).hasValue(1);
        assertThat(peer.inEventLoop()).as("an embedded channel's loop is the calling thread").isTrue();
        assertThat(peer.eventLoopKey()).isSameAs(peer.eventLoopKey());
        assertThat(peer.remoteAddress()).as("an embedded channel has no internet address").isNull();
        assertThat(peer.alloc()).isNotNull();

        Object state = new Object();
        peer.attach(state);
        assertThat(peer.attachment()).isSameAs(state);

        peer.close();
        channel.runPendingTasks();
        assertThat(closed).hasValue(1);
        assertThat(peer.isActive()).isFalse();
        peer.onClose(closed::incrementAndGet);
        assertThat(closed).as("registered after the close: runs at once").hasValue(2);
        channel.finishAndReleaseAll();
    }
}
