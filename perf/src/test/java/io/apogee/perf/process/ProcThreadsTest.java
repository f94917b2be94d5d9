package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The threads of a process read from a copy of /proc in the test resources: three threads of a JVM. */
class ProcThreadsTest {
    static Path sampleProcess() throws Exception {
        return Path.of(ProcThreadsTest.class.getResource("proc/4242").toURI());
    }

    @Test
    void readsEveryThreadsSwitchesCpuAndStartTime() throws Exception {
        List<ThreadSample> threads = ProcThreads.read(sampleProcess()).stream()
            .sorted(Comparator.comparingLong(ThreadSample::tid)).toList();
        assertThat(threads).containsExactly(
            new ThreadSample(4242, 2392950, "java", 35 + 12, 4, 3),
            new ThreadSample(4250, 2393007, "GC Thread#0", 20 + 4, 94, 198),
            new ThreadSample(4263, 2393111, "pool (1) x", 7 + 1, 12034, 17));
        assertThat(threads.get(1).switches()).isEqualTo(292);
    }

    @Test
    void readsTheAllowedCpusAndTheReadAndWriteCalls() throws Exception {
        assertThat(ProcessActivityMonitor.allowedCpus(sampleProcess())).isEqualTo("0");
        assertThat(ProcIo.readWriteCalls(Files.readString(sampleProcess().resolve("io"), StandardCharsets.US_ASCII)))
            .isEqualTo(22144 + 213);
        assertThatThrownBy(() -> ProcIo.readWriteCalls("rchar: 1\nwchar: 2\n")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no syscr and syscw");
    }

    @Test
    void refusesAThreadWithoutContextSwitchCounts() throws Exception {
        String stat = Files.readString(sampleProcess().resolve("task/4250/stat"));
        assertThatThrownBy(() -> ThreadSample.parse(stat, "Name:\tGC Thread#0\n")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no context switch counts");
        assertThatThrownBy(() -> ThreadSample.parse("4250 GC S 1", "")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no thread name");
    }

    @Test
    void aProcessThatIsGoneCannotBeRead() {
        assertThatThrownBy(() -> ProcThreads.read(Path.of("/proc/does-not-exist"))).hasMessageContaining("cannot list the threads");
    }
}
