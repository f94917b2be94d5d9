package io.apogee.perf.compare;

import io.apogee.perf.FinalReport;
import io.apogee.perf.JvmUsage;
import io.apogee.perf.process.BrokerUsage;
import io.apogee.perf.process.ProcessActivity;
import io.apogee.perf.process.SyscallCount;
import io.apogee.perf.process.SyscallSource;
import io.apogee.perf.process.ThreadLedger;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row read back from the JSON a run wrote: the context switches and system calls become per-message figures, and a
 * pair's slave figures come back beside the master's.
 */
class ScenarioResultTest {
    private static ProcessActivity activity(long voluntary, long involuntary, SyscallCount calls) {
        return new ProcessActivity(new ThreadLedger.Totals(0, voluntary, involuntary, 40, 1, 1), List.of(), calls, "0");
    }

    @Test
    void perMessageFiguresOfBothProcesses(@TempDir Path dir) throws Exception {
        Histogram latency = new Histogram(3);
        latency.recordValue(500);
        BrokerUsage broker = new BrokerUsage(42, 3.0, 1 << 20, 2 << 20, 1 << 20, 4, 0.1,
            activity(300_000, 20_000, new SyscallCount(1_200_000, SyscallSource.PERF)));
        FinalReport report = new FinalReport("run", 12, 10, 0, 100_000, 100_000, 0, 0, null, latency, new Histogram(3),
            new JvmUsage(1, 2, 5_000_000_000L), activity(150_000, 50_000, new SyscallCount(400_000, SyscallSource.PROC_IO)),
            broker);
        Path json = dir.resolve("run.json");
        report.writeJson(json);

        ScenarioResult row = ScenarioResult.read(Scenario.A, BrokerKind.APOGEE, "apogee", true, json);
        assertThat(row.brokerKernel()).isEqualTo(new ScenarioResult.KernelCost(3.0, 0.2, 12.0, SyscallSource.PERF));
        assertThat(row.brokerKernel().switches()).isEqualTo(3.2);
        assertThat(row.clientKernel()).isEqualTo(new ScenarioResult.KernelCost(1.5, 0.5, 4.0, SyscallSource.PROC_IO));
        assertThat(row.cpuPerMillion()).isEqualTo(30.0);
        assertThat(row.passed()).isTrue();
        assertThat(row.slave()).as("no --slave-pid, no slave figures").isNull();
        assertThat(row.pairCpuPerMillion()).isEqualTo(-1);
    }

    @Test
    void theSlaveOfAPairIsReadBesideTheMaster(@TempDir Path dir) throws Exception {
        BrokerUsage master = new BrokerUsage(42, 3.0, 1 << 20, 2 << 20, 1 << 20, 4, 0.1,
            activity(300_000, 20_000, new SyscallCount(1_200_000, SyscallSource.PERF)));
        BrokerUsage slave = new BrokerUsage(43, 1.5, 3 << 20, 5 << 20, 3 << 20, 1, 0.02,
            activity(80_000, 10_000, new SyscallCount(250_000, SyscallSource.PERF)));
        FinalReport report = new FinalReport("pair", 12, 10, 0, 100_000, 100_000, 0, 0, null, new Histogram(3),
            new Histogram(3), new JvmUsage(1, 2, 5_000_000_000L), activity(10, 0, SyscallCount.UNKNOWN), master, slave);
        Path json = dir.resolve("pair.json");
        report.writeJson(json);

        ScenarioResult row = ScenarioResult.read(Scenario.I, BrokerKind.APOGEE, "official", true, json);
        assertThat(row.cpuPerMillion()).isEqualTo(30.0);
        assertThat(row.brokerKernel()).isEqualTo(new ScenarioResult.KernelCost(3.0, 0.2, 12.0, SyscallSource.PERF));
        assertThat(row.slave()).isEqualTo(new ScenarioResult.SlaveCost(15.0, 5 << 20,
            new ScenarioResult.KernelCost(0.8, 0.1, 2.5, SyscallSource.PERF)));
        assertThat(row.pairCpuPerMillion()).isEqualTo(45.0);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(printed.toString(StandardCharsets.UTF_8))
            .contains("broker (pid 42): CPU 3.00 s, 30.00 s per million messages")
            .contains("slave (pid 43): CPU 1.50 s, 15.00 s per million messages, RSS 3 MiB (peak 5 MiB), 1 young GCs")
            .contains("slave threads: 0.90 context switches per message (0.80 voluntary, 0.10 involuntary), 2.50 system calls");
    }

    @Test
    void uncountedCallsAndOldJsonAreUnknown(@TempDir Path dir) throws Exception {
        BrokerUsage broker = new BrokerUsage(42, 3.0, 1 << 20, 2 << 20, 1 << 20, 4, 0.1, activity(10, 0, SyscallCount.UNKNOWN));
        FinalReport report = new FinalReport("run", 12, 10, 0, 10, 10, 0, 0, null, new Histogram(3), new Histogram(3),
            new JvmUsage(1, 2, 3), activity(10, 0, SyscallCount.UNKNOWN), broker);
        Path json = dir.resolve("run.json");
        report.writeJson(json);
        ScenarioResult row = ScenarioResult.read(Scenario.A, BrokerKind.APOGEE, "apogee", true, json);
        assertThat(row.brokerKernel()).isEqualTo(new ScenarioResult.KernelCost(1.0, 0.0, -1, SyscallSource.NONE));

        Path old = dir.resolve("old.json");
        java.nio.file.Files.writeString(old, "{\"confirmed\":10,\"passed\":true,\"broker\":{\"cpuSecondsPerMillion\":1.0}}");
        ScenarioResult oldRow = ScenarioResult.read(Scenario.A, BrokerKind.APOGEE, "apogee", true, old);
        assertThat(oldRow.brokerKernel()).isEqualTo(ScenarioResult.KernelCost.UNKNOWN);
        assertThat(oldRow.clientKernel().switches()).isEqualTo(-1);
    }
}
