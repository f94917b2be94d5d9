package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AgentRunnerTest {
    @Test
    void runsTheDutyCycleReportsEachDistinctErrorOnceAndCloses() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch enoughCycles = new CountDownLatch(100);
        CountDownLatch closed = new CountDownLatch(1);
        AtomicInteger cycles = new AtomicInteger();
        Agent agent = new Agent() {
            @Override
            public void onStart() {
                started.countDown();
            }

            @Override
            public int doWork() {
                enoughCycles.countDown();
                if (cycles.incrementAndGet() % 10 == 0) {
                    throw new IllegalStateException("broken");
                }
                return 0;
            }

            @Override
            public void onClose() {
                closed.countDown();
            }

            @Override
            public String roleName() {
                return "test-agent";
            }
        };
        List<Throwable> firstSights = new ArrayList<>();
        DistinctErrorLog errors = new DistinctErrorLog(new ManualClock(0), 8, (role, error) -> firstSights.add(error));
        AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(10, 10, 1_000, 100_000), errors);
        Thread thread = runner.start();
        assertThat(thread.getName()).isEqualTo("test-agent");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(enoughCycles.await(10, TimeUnit.SECONDS)).isTrue();
        runner.close();
        assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(thread.isAlive()).isFalse();
        long reported = runner.errorCount();
        assertThat(reported).isGreaterThanOrEqualTo(10).isEqualTo(cycles.get() / 10);
        assertThat(errors.distinctCount()).isEqualTo(1);
        assertThat(errors.totalCount()).isEqualTo(reported);
        assertThat(firstSights).hasSize(1);
    }

    @Test
    void compositeRunsEveryMemberOncePerCycle() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        CompositeAgent composite = new CompositeAgent(List.of(counting("a", first, 1), counting("b", second, 2)));
        assertThat(composite.roleName()).isEqualTo("a+b");
        assertThat(composite.doWork()).isEqualTo(3);
        assertThat(composite.doWork()).isEqualTo(3);
        assertThat(first.get()).isEqualTo(2);
        assertThat(second.get()).isEqualTo(2);
    }

    private static Agent counting(String name, AtomicInteger counter, int work) {
        return new Agent() {
            @Override
            public int doWork() {
                counter.incrementAndGet();
                return work;
            }

            @Override
            public String roleName() {
                return name;
            }
        };
    }
}
