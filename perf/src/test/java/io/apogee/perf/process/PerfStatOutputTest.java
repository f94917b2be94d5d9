package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What perf stat -x, prints, as saved from real runs, and the command that makes it print that. */
class PerfStatOutputTest {
    private static String sample(String name) throws Exception {
        return Files.readString(Path.of(PerfStatOutputTest.class.getResource(name).toURI()), StandardCharsets.UTF_8);
    }

    @Test
    void readsTheCountOfTheEvent() throws Exception {
        assertThat(PerfStatOutput.count(sample("perf-stat.txt"), SyscallCounter.EVENT)).isEqualTo(1617);
        assertThat(PerfStatOutput.count("0,,context-switches,1,100.00,,\n" + sample("perf-stat.txt"), SyscallCounter.EVENT))
            .isEqualTo(1617);
    }

    @Test
    void notCountedMeansNoThreadRanAndNotSupportedMeansUnknown() throws Exception {
        assertThat(PerfStatOutput.count(sample("perf-stat-not-counted.txt"), SyscallCounter.EVENT)).isZero();
        assertThat(PerfStatOutput.count(sample("perf-stat-not-supported.txt"), SyscallCounter.EVENT)).isEqualTo(-1);
    }

    @Test
    void anErrorInsteadOfACountIsUnknown() {
        String refused = "Error:\nAccess to performance monitoring and observability operations is limited.\n";
        assertThat(PerfStatOutput.count(refused, SyscallCounter.EVENT)).isEqualTo(-1);
        assertThat(PerfStatOutput.count("", SyscallCounter.EVENT)).isEqualTo(-1);
    }

    @Test
    void perfCountsEverySystemCallOfTheProcessInCsv() {
        assertThat(SyscallCounter.perfCommand(4242)).containsExactly("perf", "stat", "-x,", "-e", "raw_syscalls:sys_enter",
            "-p", "4242");
    }

    @Test
    void sourcesAreFoundByTheirJsonName() {
        assertThat(SyscallSource.named("perf")).isEqualTo(SyscallSource.PERF);
        assertThat(SyscallSource.named("proc_io")).isEqualTo(SyscallSource.PROC_IO);
        assertThat(SyscallSource.named("")).isEqualTo(SyscallSource.NONE);
    }
}
