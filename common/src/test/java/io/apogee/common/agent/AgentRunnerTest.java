package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    void anErrorIsReportedOnceAndTheThreadGoesOn() throws InterruptedException {
        CountDownLatch afterErrors = new CountDownLatch(50);
        AtomicInteger cycles = new AtomicInteger();
        Agent agent = new NamedAgent("erring-agent") {
            @Override
            public int doWork() {
                if (cycles.incrementAndGet() <= 20) {
                    throw new InternalError("a fault occurred in an unsafe memory access operation");
                }
                afterErrors.countDown();
                return 0;
            }
        };
        List<Throwable> firstSights = new CopyOnWriteArrayList<>();
        DistinctErrorLog errors = new DistinctErrorLog(new ManualClock(0), 8, (role, error) -> firstSights.add(error));
        AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(10, 10, 1_000, 100_000), errors);
        Thread thread = runner.start();
        assertThat(afterErrors.await(10, TimeUnit.SECONDS)).as("cycles after the Errors").isTrue();
        assertThat(thread.isAlive()).isTrue();
        runner.close();
        assertThat(runner.errorCount()).isEqualTo(20);
        assertThat(errors.totalCount()).isEqualTo(20);
        assertThat(firstSights).singleElement().isInstanceOf(InternalError.class);
    }

    @Test
    void anInterruptWhileRunningIsReportedAndTheThreadGoesOn() throws InterruptedException {
        CountDownLatch interrupted = new CountDownLatch(1);
        CountDownLatch after = new CountDownLatch(10);
        Agent agent = new NamedAgent("interrupted-agent") {
            @Override
            public int doWork() throws InterruptedException {
                if (Thread.interrupted()) {
                    interrupted.countDown();
                    throw new InterruptedException("stray interrupt");
                }
                if (interrupted.getCount() == 0) {
                    after.countDown();
                }
                return 0;
            }
        };
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(10, 10, 1_000, 100_000),
            (role, error) -> reported.add(error));
        Thread thread = runner.start();
        thread.interrupt();
        assertThat(after.await(10, TimeUnit.SECONDS)).as("cycles after the interrupt").isTrue();
        assertThat(thread.isAlive()).isTrue();
        runner.close();
        assertThat(reported).singleElement().isInstanceOf(InterruptedException.class);
    }

    @Test
    void closeOfAnAgentThatDoesNotStopReportsWhereItIsAndSaysItHasNotStopped() throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        Agent agent = new NamedAgent("stuck-agent") {
            @Override
            public int doWork() throws InterruptedException {
                inside.countDown();
                release.await();
                return 0;
            }

            @Override
            public void onClose() {
                closed.countDown();
            }
        };
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(10, 10, 1_000, 100_000),
            (role, error) -> reported.add(error), 50);
        runner.start();
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(runner.stop()).as("stopped").isFalse();
        assertThat(runner.hasStopped()).isFalse();
        assertThat(reported).singleElement().isInstanceOf(AgentStuckException.class)
            .satisfies(stuck -> assertThat(stuck.getMessage()).contains("stuck-agent", "50 ms"))
            .satisfies(stuck -> assertThat(stuck.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("doWork")));
        release.countDown();
        assertThat(closed.await(10, TimeUnit.SECONDS)).as("onClose once the agent let go").isTrue();
        assertThat(runner.stop()).isTrue();
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

    /** An agent with a name and nothing else. */
    private abstract static class NamedAgent implements Agent {
        private final String name;

        NamedAgent(String name) {
            this.name = name;
        }

        @Override
        public String roleName() {
            return name;
        }
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
