package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.health.BrokerHealth;
import java.nio.file.Path;
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

    private TestBroker testBroker;
    private BrokerContext broker;

    @BeforeEach
    void start() throws InterruptedException {
        testBroker = TestBroker.start(dir);
        broker = testBroker.context();
    }

    @AfterEach
    void close() {
        testBroker.close();
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
