package io.apogee.perf.compare;

import io.apogee.perf.process.SyscallSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Markdown table: a row per run, milliseconds, unknown GCs, failures, both kinds of same-run ratios, and how late
 * timer messages arrived.
 */
class ComparisonTableTest {
    @Test
    void rowsAndRatios() {
        List<ScenarioResult> results = List.of(
            new ScenarioResult(Scenario.B, BrokerKind.ROCKETMQ, "apogee", true, 10_000, 8_000, 1_500, 20_000, 40_000,
                90_000, 50.0, 7, 600L << 20, 20.0),
            new ScenarioResult(Scenario.B, BrokerKind.APOGEE, "apogee", true, 20_000, 16_000, 750, 10_000, 30_000,
                45_000, 25.0, -1, 300L << 20, 10.0),
            new ScenarioResult(Scenario.B, BrokerKind.APOGEE, "official", true, 10_000, 4_000, 800, 12_000, 30_000,
                50_000, 30.0, 2, 310L << 20, 40.0),
            ScenarioResult.failed(Scenario.E, BrokerKind.APOGEE, "apogee"),
            new ScenarioResult(Scenario.F, BrokerKind.APOGEE, "official", true, 5_000, 5_000, 800, 12_000, 30_000,
                50_000, 30.0, 2, 310L << 20, 40.0, ScenarioResult.KernelCost.UNKNOWN, ScenarioResult.KernelCost.UNKNOWN,
                new ScenarioResult.Lateness(6_500, 21_000, 0)));
        String md = ComparisonTable.markdown("preamble", results);
        assertThat(md).startsWith("preamble\n\n| Scenario | Broker | Client | send TPS |")
            .contains("| (b) as (a) with one consumer group attached | Apache RocketMQ 5.4.0 | apogee | 10000 | 8000 | 1.50 | 20.00 "
                + "| 40.00 | 90.00 | 50.00 | n/a | n/a | 7 | 600 | 20.00 | ok |")
            .contains("| Apogee | apogee | 20000 | 16000 | 0.75 | 10.00 | 30.00 | 45.00 | 25.00 | n/a | n/a | n/a | 300 | 10.00 | ok |")
            .contains("| (e) as (a) with SYNC_FLUSH | Apogee | apogee | 0 | - | 0.00 |")
            .contains("| FAILED |")
            .contains("| (b) | apogee | 2.00x | 2.00x | 0.50x | 0.50x | - | - |")
            .contains("| (b) | Apogee | 2.00x | 4.00x | 0.25x |")
            .contains("| Scenario | Broker | Client | late p50 ms | late p99 ms | early |")
            .contains("| (f) | Apogee | official | 6.50 | 21.00 | 0 |");
        assertThat(md).as("no figures, no split table").doesNotContain("broker voluntary cs");
        assertThat(md).as("no pair, no slave columns").doesNotContain("slave CPU");
        assertThat(md).as("no RocketMQ row for (e), no official row on RocketMQ").doesNotContain("| (e) | apogee |")
            .doesNotContain("| (b) | Apache RocketMQ 5.4.0 | ");
    }

    @Test
    void contextSwitchesAndSystemCallsPerMessage() {
        ScenarioResult.KernelCost perf = new ScenarioResult.KernelCost(3.0, 0.5, 12.0, SyscallSource.PERF);
        ScenarioResult.KernelCost half = new ScenarioResult.KernelCost(1.5, 0.25, 6.0, SyscallSource.PERF);
        ScenarioResult.KernelCost readWrite = new ScenarioResult.KernelCost(2.0, 0.0, 4.0, SyscallSource.PROC_IO);
        List<ScenarioResult> results = List.of(
            new ScenarioResult(Scenario.A, BrokerKind.ROCKETMQ, "official", true, 10_000, 0, 1_500, 20_000, 40_000,
                90_000, 50.0, 7, 600L << 20, 20.0, perf, readWrite, null),
            new ScenarioResult(Scenario.A, BrokerKind.APOGEE, "official", true, 20_000, 0, 750, 10_000, 30_000,
                45_000, 25.0, 3, 300L << 20, 10.0, half, perf, null),
            new ScenarioResult(Scenario.C, BrokerKind.ROCKETMQ, "official", true, 10_000, 0, 1_500, 20_000, 40_000,
                90_000, 50.0, 7, 600L << 20, 20.0, perf, perf, null),
            new ScenarioResult(Scenario.C, BrokerKind.APOGEE, "official", true, 20_000, 0, 750, 10_000, 30_000,
                45_000, 25.0, 3, 300L << 20, 10.0, readWrite, perf, null));
        String md = ComparisonTable.markdown("preamble", results);
        assertThat(md).contains("| broker CPU s / M msgs | broker cs / msg | broker syscalls / msg | broker young GCs |")
            .contains("| Apache RocketMQ 5.4.0 | official | 10000 | - | 1.50 | 20.00 | 40.00 | 90.00 | 50.00 | 3.50 | 12.00 | 7 |")
            .contains("| Apogee | official | 20000 | - | 0.75 | 10.00 | 30.00 | 45.00 | 25.00 | 1.75 | 6.00 | 3 |")
            .contains("| Apogee | official | 20000 | - | 0.75 | 10.00 | 30.00 | 45.00 | 25.00 | 2.00 | 4.00 (r/w) | 3 |")
            .contains("Syscalls: all calls, perf stat raw_syscalls:sys_enter; marked (r/w): read and write calls only")
            .contains("| (a) | official | 2.00x | - | 0.50x | 0.50x | 0.50x | 0.50x |")
            .as("calls counted two ways are not divided").contains("| (c) | official | 2.00x | - | 0.50x | 0.50x | 0.57x | - |")
            .contains("| Scenario | Broker | Client | broker voluntary cs | broker involuntary cs | broker syscalls "
                + "| client voluntary cs | client involuntary cs | client syscalls |")
            .contains("| (a) | Apache RocketMQ 5.4.0 | official | 3.00 | 0.50 | 12.00 | 2.00 | 0.00 | 4.00 (r/w) |")
            .contains("| (a) | Apogee | official | 1.50 | 0.25 | 6.00 | 3.00 | 0.50 | 12.00 |");
    }

    @Test
    void pairsGetTheSlaveAndThePairTotalBesideTheMaster() {
        ScenarioResult.KernelCost master = new ScenarioResult.KernelCost(3.0, 0.5, 12.0, SyscallSource.PERF);
        ScenarioResult.SlaveCost rocketMqSlave = new ScenarioResult.SlaveCost(40.0, 500L << 20,
            new ScenarioResult.KernelCost(1.0, 0.5, 8.0, SyscallSource.PERF));
        ScenarioResult.SlaveCost apogeeSlave = new ScenarioResult.SlaveCost(10.0, 200L << 20,
            new ScenarioResult.KernelCost(0.25, 0.05, 2.0, SyscallSource.PERF));
        List<ScenarioResult> results = List.of(
            new ScenarioResult(Scenario.A, BrokerKind.APOGEE, "official", true, 20_000, 0, 750, 10_000, 30_000,
                45_000, 25.0, 3, 300L << 20, 10.0, master, master, null),
            new ScenarioResult(Scenario.I, BrokerKind.ROCKETMQ, "official", true, 1_000, 0, 1_500, 20_000, 40_000,
                90_000, 60.0, 7, 600L << 20, 20.0, master, master, null, rocketMqSlave),
            new ScenarioResult(Scenario.I, BrokerKind.APOGEE, "official", true, 2_000, 0, 750, 10_000, 30_000,
                45_000, 20.0, 3, 300L << 20, 10.0, master, master, null, apogeeSlave));
        String md = ComparisonTable.markdown("preamble", results);
        assertThat(md).as("the main rows keep their columns")
            .contains("| Apogee | official | 20000 | - | 0.75 | 10.00 | 30.00 | 45.00 | 25.00 | 3.50 | 12.00 | 3 | 300 "
                + "| 10.00 | ok |")
            .contains("| Apogee | official | 2000 | - | 0.75 | 10.00 | 30.00 | 45.00 | 20.00 | 3.50 | 12.00 | 3 | 300 "
                + "| 10.00 | ok |")
            .contains("| Scenario | Broker | Client | master CPU s / M msgs | slave CPU s / M msgs | pair CPU s / M msgs "
                + "| slave cs / msg | slave syscalls / msg | slave peak RSS MiB |")
            .contains("| (i) | Apache RocketMQ 5.4.0 | official | 60.00 | 40.00 | 100.00 | 1.50 | 8.00 | 500 |")
            .contains("| (i) | Apogee | official | 20.00 | 10.00 | 30.00 | 0.30 | 2.00 | 200 |")
            .contains("| Scenario | Client | master CPU / M msgs | slave CPU / M msgs | pair CPU / M msgs | slave cs / msg "
                + "| slave syscalls / msg |")
            .contains("| (i) | official | 0.33x | 0.25x | 0.30x | 0.20x | 0.25x |");
        assertThat(md).as("a single broker has no pair row").doesNotContain("| (a) | Apogee | official | 25.00 |");
    }
}
