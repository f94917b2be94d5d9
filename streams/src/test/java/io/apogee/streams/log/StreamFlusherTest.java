package io.apogee.streams.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.testsupport.Await;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streams' flusher: its rounds every interval, and actions that wait for a force (group commit). */
class StreamFlusherTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration NEVER = Duration.ofHours(1);

    @TempDir
    Path dir;
    private StreamRegistry registry;

    @AfterEach
    void closeRegistry() {
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void everyIntervalTheStreamsAppendedToAreForced() throws InterruptedException {
        StreamLog log = openStream("timed");
        try (StreamFlusher flusher = new StreamFlusher(registry::logs, false, Duration.ofMillis(20))) {
            assertThat(flusher.syncConfirms()).isFalse();
            append(log, 3);
            long appended = log.appendedPosition();
            Await.until("a round forced the chunks", WAIT, () -> log.forcedPosition() == appended);
            append(log, 1);
            Await.until("the next round forced the next", WAIT, () -> log.forcedPosition() == log.appendedPosition());
        }
    }

    @Test
    void anActionWaitingForAForceRunsOnceWhatItsStreamHeldIsForcedOneForcePerStreamForAllThatWait()
        throws InterruptedException {
        StreamLog first = openStream("first");
        registry.create("second");
        StreamLog second = registry.get("second");
        List<String> ran = new CopyOnWriteArrayList<>();
        try (StreamFlusher flusher = new StreamFlusher(registry::logs, true, NEVER)) {
            assertThat(flusher.syncConfirms()).isTrue();
            append(first, 2);
            long firstEnd = first.appendedPosition();
            flusher.afterForce(first, () -> ran.add("a " + (first.forcedPosition() >= firstEnd)));
            append(second, 1);
            long secondEnd = second.appendedPosition();
            flusher.afterForce(second, () -> ran.add("b " + (second.forcedPosition() >= secondEnd)));
            flusher.afterForce(first, () -> ran.add("c " + (first.forcedPosition() >= firstEnd)));
            Await.until("every action ran", WAIT, () -> ran.size() == 3);
            assertThat(ran).as("in order, each after its stream's force").containsExactly("a true", "b true", "c true");
        }
    }

    @Test
    void withoutAnythingWaitingAndBeforeItsIntervalNothingIsForced() throws InterruptedException {
        StreamLog log = openStream("idle");
        try (StreamFlusher flusher = new StreamFlusher(registry::logs, true, NEVER)) {
            append(log, 1);
            Thread.sleep(50);
            assertThat(log.forcedPosition()).as("no round, nothing waited").isZero();
            assertThat(flusher.syncConfirms()).isTrue();
        }
    }

    @Test
    void withAZeroIntervalOnlyWaitingActionsForce() throws InterruptedException {
        StreamLog log = openStream("untimed");
        try (StreamFlusher flusher = new StreamFlusher(registry::logs, false, Duration.ZERO)) {
            append(log, 2);
            Thread.sleep(50);
            assertThat(log.forcedPosition()).as("no timed round").isZero();
            List<Long> forced = new CopyOnWriteArrayList<>();
            flusher.afterForce(log, () -> forced.add(log.forcedPosition()));
            Await.until("the waiting action ran", WAIT, () -> forced.size() == 1);
            assertThat(forced).containsExactly(log.appendedPosition());
        }
    }

    @Test
    void afterCloseAnActionRunsAtOnce() {
        StreamLog log = openStream("closed");
        StreamFlusher flusher = new StreamFlusher(registry::logs, true, NEVER);
        flusher.close();
        append(log, 1);
        List<Long> forced = new CopyOnWriteArrayList<>();
        flusher.afterForce(log, () -> forced.add(log.forcedPosition()));
        assertThat(forced).containsExactly(log.appendedPosition());
    }

    private StreamLog openStream(String name) {
        registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()), dir, 1 << 20, new ManualClock(1));
        registry.create(name);
        return registry.get(name);
    }

    /** Appends {@code chunks} chunks of one simple entry each. */
    private static void append(StreamLog log, int chunks) {
        for (int i = 0; i < chunks; i++) {
            ByteBuffer entry = ByteBuffer.allocate(4 + 3).putInt(3).put(new byte[] {1, 2, 3}).flip();
            assertThat(log.append(entry, 1, 1)).isNotNegative();
        }
    }
}
