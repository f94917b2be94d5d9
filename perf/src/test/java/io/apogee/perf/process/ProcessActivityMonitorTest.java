package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The monitor on this JVM: a thread started inside the window parks 200 times (each park is a voluntary context
 * switch and at least one system call), is sampled while alive, and ends before the window does.
 */
class ProcessActivityMonitorTest {
    private static final int PARKS = 200;

    @Test
    void countsTheSwitchesAndCallsOfAThreadThatStartsAndEndsInsideTheWindow() throws Exception {
        ProcessActivityMonitor monitor = ProcessActivityMonitor.start(ProcessHandle.current().pid());
        CountDownLatch parked = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread parker = Thread.ofPlatform().name("parker-under-test").start(() -> {
            for (int i = 0; i < PARKS; i++) {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
            }
            parked.countDown();
            awaitQuietly(end);
        });
        assertThat(parked.await(30, TimeUnit.SECONDS)).isTrue();
        monitor.sample();
        end.countDown();
        parker.join();
        ProcessActivity activity = monitor.finish();

        ThreadLedger.ThreadCost cost = activity.threads().stream().filter(t -> t.name().equals("parker-under-te"))
            .findFirst().orElseThrow();
        assertThat(cost.voluntary()).as("a switch per park").isGreaterThanOrEqualTo(PARKS);
        assertThat(cost.ended()).isTrue();
        assertThat(activity.totals().threadsStarted()).isPositive();
        assertThat(activity.totals().threadsEnded()).isPositive();
        assertThat(activity.totals().voluntary()).isGreaterThanOrEqualTo(cost.voluntary());
        assertThat(activity.syscalls().known()).isTrue();
        if (activity.syscalls().source() == SyscallSource.PERF) {
            assertThat(activity.syscalls().calls()).as("a futex call per park at least").isGreaterThanOrEqualTo(PARKS);
        }
        assertThat(activity.cpus()).isNotEmpty();
        assertThat(activity.switchesPerMessage(0)).isZero();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
