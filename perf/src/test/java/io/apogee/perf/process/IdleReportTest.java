package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The idle figures: rates over the watched seconds, and the threads that woke most, idle ones left out. */
class IdleReportTest {
    @Test
    void ratesPerSecondAndTheBusiestThreads() {
        double tick = 1 / BrokerMonitor.clockTicksPerSecond();
        ProcessActivity activity = new ProcessActivity(new ThreadLedger.Totals(3, 900, 100, 3, 0, 0), List.of(
            new ThreadLedger.ThreadCost(11, "NettyEpoll_1", 2, 600, 0, false),
            new ThreadLedger.ThreadCost(12, "G1 Service", 1, 300, 100, false),
            new ThreadLedger.ThreadCost(13, "Sleeper", 0, 0, 0, false)), new SyscallCount(5_000, SyscallSource.PERF), "0");
        IdleReport report = new IdleReport(4242, 10, 20 * tick, activity);

        assertThat(report.wakeupsPerSecond()).isEqualTo(100);
        assertThat(report.syscallsPerSecond()).isEqualTo(500);
        assertThat(report.cpuPercent()).isCloseTo(200 * tick, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(report.busiest(5)).extracting(ThreadLedger.ThreadCost::name).containsExactly("NettyEpoll_1", "G1 Service");
        assertThat(report.busiest(1)).hasSize(1);
        String text = report.text(5);
        assertThat(text).startsWith("idle process 4242 over 10.0 s: 100.0 wake-ups/s (context switches per second: "
                + "90.0 voluntary + 10.0 involuntary, over 3 threads, 0 started, 0 ended)")
            .contains("500.0 system calls/s (all calls, perf stat raw_syscalls:sys_enter); CPUs 0")
            .contains("60.0")
            .contains("NettyEpoll_1")
            .doesNotContain("Sleeper");
    }

    @Test
    void uncountedCallsShowAsNotAvailable() {
        ProcessActivity activity = new ProcessActivity(new ThreadLedger.Totals(0, 0, 0, 1, 0, 0), List.of(),
            SyscallCount.UNKNOWN, "");
        IdleReport report = new IdleReport(1, 5, 0, activity);
        assertThat(report.syscallsPerSecond()).isEqualTo(-1);
        assertThat(report.text(3)).contains("n/a system calls/s (not counted); CPUs unknown");
    }
}
