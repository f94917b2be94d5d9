package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The monitor reads real processes: this JVM (CPU, RSS, young GCs from jstat) and one that is not a JVM. */
class BrokerMonitorTest {
    @Test
    void readsCpuMemoryAndYoungCollectionsOfAJvm() {
        BrokerMonitor monitor = BrokerMonitor.start(ProcessHandle.current().pid());
        long sum = 0;
        for (int i = 0; i < 2_000_000; i++) {
            sum += new int[] {i}.length;
        }
        System.gc();
        BrokerUsage usage = monitor.finish();
        assertThat(sum).isPositive();
        assertThat(usage.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(usage.cpuSeconds()).isGreaterThanOrEqualTo(0);
        assertThat(usage.rssBytes()).isPositive();
        assertThat(usage.peakRssBytes()).isGreaterThanOrEqualTo(usage.rssBytes());
        assertThat(usage.peakAnonRssBytes()).as("a JVM's heap is anonymous memory").isPositive()
            .isLessThanOrEqualTo(usage.peakRssBytes());
        assertThat(usage.isJvm()).as("jstat reads this JVM").isTrue();
        assertThat(usage.youngGcs()).isGreaterThanOrEqualTo(0);
        assertThat(usage.cpuSecondsPerMillion(2_000_000)).isEqualTo(usage.cpuSeconds() / 2);
        assertThat(usage.cpuSecondsPerMillion(0)).isZero();
    }

    @Test
    void aProcessThatIsNotAJvmHasNoGcFigures() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            BrokerUsage usage = BrokerMonitor.start(sleep.pid()).finish();
            assertThat(usage.isJvm()).isFalse();
            assertThat(usage.youngGcs()).isEqualTo(-1);
            assertThat(usage.rssBytes()).isPositive();
        } finally {
            sleep.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void refusesAProcessThatDoesNotExist() {
        assertThatThrownBy(() -> BrokerMonitor.start(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no process " + Integer.MAX_VALUE);
    }
}
