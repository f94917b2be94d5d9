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

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A row read back from the JSON a run wrote: the context switches and system calls become per-message figures. */
class ScenarioResultTest {
    private static ProcessActivity activity(long voluntary, long involuntary, SyscallCount calls) {
        return new ProcessActivity(new ThreadLedger.Totals(0, voluntary, involuntary, 40, 1, 1), List.of(), calls, "0");
    }

    @Test
    void perMessageFiguresOfBothProcesses(@TempDir Path dir) throws Exception {
        Histogram latency = new Histogram(3);
        latency.recordValue(500);
        BrokerUsage broker = new BrokerUsage(42, 3.0, 1 << 20, 2 << 20, 4, 0.1,
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
    }

    @Test
    void uncountedCallsAndOldJsonAreUnknown(@TempDir Path dir) throws Exception {
        BrokerUsage broker = new BrokerUsage(42, 3.0, 1 << 20, 2 << 20, 4, 0.1, activity(10, 0, SyscallCount.UNKNOWN));
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
