package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** /proc/PID/stat and /proc/PID/status as Linux writes them. */
class ProcStatTest {
    /** A real line of a JVM: utime 1523 and stime 211 are fields 14 and 15. */
    private static final String JAVA_STAT = "4242 (java) S 1 4242 4242 0 -1 4194560 92341 0 12 0 1523 211 0 0 20 0 58 0 "
        + "123456 5212340224 98765 18446744073709551615 1 1 0 0 0 0 4 0 16800975 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0";

    @Test
    void addsUserAndSystemTicks() {
        assertThat(ProcStat.cpuTicks(JAVA_STAT)).isEqualTo(1523 + 211);
    }

    @Test
    void countsFieldsAfterACommandNameWithSpacesAndParentheses() {
        String stat = JAVA_STAT.replace("(java)", "(my (odd) name 1 2 3)");
        assertThat(ProcStat.cpuTicks(stat)).isEqualTo(1734);
    }

    @Test
    void refusesTextThatIsNotAStatLine() {
        assertThatThrownBy(() -> ProcStat.cpuTicks("no parentheses here")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no command name");
        assertThatThrownBy(() -> ProcStat.cpuTicks("1 (x) S 1 2")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("too few fields");
        assertThatThrownBy(() -> ProcStat.cpuTicks(JAVA_STAT.replace(" 1523 ", " x "))).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("not a number");
    }

    @Test
    void readsKilobyteLinesOfStatus() {
        String status = "Name:\tjava\nVmPeak:\t 5212340 kB\nVmHWM:\t  401232 kB\nVmRSS:\t  395060 kB\nThreads:\t58\n";
        assertThat(ProcStat.statusBytes(status, "VmRSS")).isEqualTo(395_060L * 1024);
        assertThat(ProcStat.statusBytes(status, "VmHWM")).isEqualTo(401_232L * 1024);
        assertThat(ProcStat.statusBytes(status, "Threads")).isEqualTo(58);
        assertThat(ProcStat.statusBytes(status, "VmSwap")).isEqualTo(-1);
    }
}
