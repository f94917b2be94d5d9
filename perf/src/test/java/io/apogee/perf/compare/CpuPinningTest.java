package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Pinning puts taskset -c LIST in front of each child's command, and the options choose the lists. */
class CpuPinningTest {
    private static final List<String> JAVA = List.of("/jdk/bin/java", "-cp", "x", "Main");

    @Test
    void prefixesEachSidesCommandWithTaskset() {
        CpuPinning pinning = new CpuPinning("0", "1");
        assertThat(pinning.broker(JAVA)).containsExactly("taskset", "-c", "0", "/jdk/bin/java", "-cp", "x", "Main");
        assertThat(pinning.client(JAVA)).containsExactly("taskset", "-c", "1", "/jdk/bin/java", "-cp", "x", "Main");
        ProcessBuilder builder = pinning.broker(new ProcessBuilder("bin/apogee", "broker", "-c", "broker.conf"));
        assertThat(builder.command()).containsExactly("taskset", "-c", "0", "bin/apogee", "broker", "-c", "broker.conf");
        assertThat(pinning.describe()).isEqualTo("pinned with taskset: brokers on CPU 0, load generator on CPU 1");
    }

    @Test
    void unpinnedCommandsStayAsTheyAre() {
        assertThat(CpuPinning.NONE.broker(JAVA)).isEqualTo(JAVA);
        assertThat(CpuPinning.NONE.client(JAVA)).isEqualTo(JAVA);
        assertThat(CpuPinning.NONE.describe()).startsWith("not pinned");
        assertThat(new CpuPinning(null, "3").broker(JAVA)).isEqualTo(JAVA);
    }

    @Test
    void splitGivesTheBrokersTheFirstHalf() {
        assertThat(CpuPinning.split(2)).isEqualTo(new CpuPinning("0", "1"));
        assertThat(CpuPinning.split(4)).isEqualTo(new CpuPinning("0-1", "2-3"));
        assertThat(CpuPinning.split(5)).isEqualTo(new CpuPinning("0-1", "2-4"));
        assertThatThrownBy(() -> CpuPinning.split(1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cpuListsAreWhatTasksetTakes() {
        assertThat(List.of("0", "0-3", "0,2-3", "12")).allMatch(CpuPinning::isCpuList);
        assertThat(List.of("", "a", "0;1", "-1", "0-", "0,,1")).noneMatch(CpuPinning::isCpuList);
    }

    @Test
    void theOptionsChooseThePinning() {
        CompareCommand listed = new CompareCommand(System.out);
        listed.commandLine().parseArgs("--broker-cpus", "0", "--client-cpus", "1");
        assertThat(listed.pinning()).isEqualTo(new CpuPinning("0", "1"));
        CompareCommand unpinned = new CompareCommand(System.out);
        unpinned.commandLine().parseArgs();
        assertThat(unpinned.pinning()).isEqualTo(CpuPinning.NONE);
    }

    @Test
    void pinSplitsTheCores() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "--pin needs 2 cores");
        CompareCommand pinned = new CompareCommand(System.out);
        pinned.commandLine().parseArgs("--pin");
        assertThat(pinned.pinning()).isEqualTo(CpuPinning.split(Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void badPinningOptionsStopBeforeAnythingStarts() {
        assertThat(error("--pin", "--broker-cpus", "0")).contains("give --pin or --broker-cpus and --client-cpus, not both");
        assertThat(error("--broker-cpus", "zero")).contains("--broker-cpus must be a CPU list such as 0 or 0-1, not zero");
        assertThat(error("--client-cpus", "1;2")).contains("--client-cpus must be a CPU list");
        assertThat(error("--idle", "-1")).contains("--idle must be 0 or positive, not -1");
    }

    private static String error(String... args) {
        StringWriter err = new StringWriter();
        int code = new CompareCommand(System.out).commandLine().setErr(new PrintWriter(err)).execute(args);
        assertThat(code).isEqualTo(2);
        return err.toString();
    }
}
