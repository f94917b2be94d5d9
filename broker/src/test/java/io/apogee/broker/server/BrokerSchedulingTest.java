package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.health.BrokerHealth;
import io.apogee.common.time.SystemClock;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker's periodic work by latency class: a slow background task (a metadata fsync, a transaction check) never
 * delays a held pull's timeout, and a periodic task that threw an Error runs again while the broker says DEGRADED.
 */
class BrokerSchedulingTest {
    @TempDir
    Path dir;

    private BrokerContext broker;

    @BeforeEach
    void start() throws InterruptedException {
        Properties properties = new Properties();
        properties.setProperty("listenPort", "0");
        properties.setProperty("namesrvListenPort", "0");
        properties.setProperty("brokerIP1", "127.0.0.1");
        properties.setProperty("mappedFileSizeCommitLog", Integer.toString(1 << 20));
        properties.setProperty("maxMessageSize", Integer.toString(1 << 16));
        properties.setProperty("maxHashSlotNum", "1024");
        properties.setProperty("maxIndexNum", "4096");
        broker = BrokerContext.start(BrokerConfig.of(properties, dir), SystemClock.INSTANCE);
    }

    @AfterEach
    void close() {
        broker.close();
    }

    @Test
    void aSlowBackgroundTaskDoesNotDelayTheTimeouts() throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        broker.backgroundScheduler().execute(() -> {
            inside.countDown();
            awaitQuietly(release);
        });
        try {
            assertThat(inside.await(10, TimeUnit.SECONDS)).as("the slow task runs").isTrue();
            CountDownLatch timedOut = new CountDownLatch(1);
            broker.timeoutScheduler().schedule(timedOut::countDown, 1);
            assertThat(timedOut.await(5, TimeUnit.SECONDS)).as("a timeout ran beside the slow task").isTrue();
        } finally {
            release.countDown();
        }
    }

    @Test
    void aPeriodicTaskThatThrewAnErrorRunsAgainAndTheBrokerSaysDegraded() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch again = new CountDownLatch(1);
        broker.timeoutScheduler().repeat(() -> {
            if (runs.incrementAndGet() == 1) {
                throw new OutOfMemoryError("injected");
            }
            again.countDown();
        }, 0, 10);
        assertThat(again.await(10, TimeUnit.SECONDS)).as("ran again after the Error").isTrue();
        BrokerHealth.Status status = broker.health().status();
        assertThat(status.state()).isEqualTo(BrokerHealth.State.DEGRADED);
        assertThat(status.cause()).isEqualTo("java.lang.OutOfMemoryError: injected");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
