package io.apogee.perf.compare;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * apogee perf compare end to end: a real Apache RocketMQ 5.4.0 (from this test's class path) and the Apogee broker
 * (through bin/apogee, as a user starts it) each run a two-second produce-only scenario; the table has a row for each
 * with a non-zero send rate and the broker's figures, and no broker process is left behind.
 */
@Tag("slow")
class CompareCommandTest {
    private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();

    @Test
    void oneScenarioAgainstBothBrokersGivesTwoRowsWithFigures(@TempDir Path dir) throws Exception {
        assumeTrue(Files.exists(CHECKOUT.resolve("broker/target/runtime-classpath.txt")),
            "bin/apogee needs the broker packaged (./mvnw verify does it before this module's tests)");
        Path out = dir.resolve("compare.md");
        List<ProcessHandle> before = ProcessHandle.current().descendants().toList();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        // the topic made first on both brokers: RocketMQ's first sends to a topic it creates on the fly take seconds
        int code = new CompareCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).commandLine().execute(
            "--scenarios", "a", "--duration", "2", "--warmup", "2", "--queues", "8", "--heap", "256m", "--out",
            out.toString(),
            "--work-dir", dir.resolve("work").toString(), "--rocketmq-classpath", System.getProperty("java.class.path"),
            "--apogee-launcher", CHECKOUT.resolve("bin/apogee").toString());
        String output = printed.toString(StandardCharsets.UTF_8);
        System.out.println(output);

        assertThat(code).as(output).isZero();
        String table = Files.readString(out);
        assertThat(table).contains("| Scenario | Broker | Client | send TPS | consume TPS | send p50 ms |");
        List<String> rows = table.lines().filter(line -> line.startsWith("| (a) produce only")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).contains("| Apache RocketMQ 5.4.0 | apogee |");
        assertThat(rows.get(1)).contains("| Apogee | apogee |");
        for (String row : rows) {
            String[] cells = Arrays.stream(row.split("\\|")).map(String::strip).toArray(String[]::new);
            assertThat(Double.parseDouble(cells[4])).as("send TPS of " + row).isPositive();
            assertThat(Double.parseDouble(cells[9])).as("max send latency of " + row).isPositive();
            assertThat(Double.parseDouble(cells[10])).as("broker CPU per million of " + row).isPositive();
            assertThat(Double.parseDouble(cells[11])).as("broker context switches per message of " + row).isPositive();
            assertThat(cells[12]).as("broker system calls per message of " + row).matches("\\d+\\.\\d\\d( \\(r/w\\))?");
            assertThat(cells[13]).as("young GCs of " + row).matches("\\d+");
            assertThat(Double.parseDouble(cells[14])).as("broker RSS of " + row).isPositive();
            assertThat(Double.parseDouble(cells[15])).as("client CPU per million of " + row).isPositive();
            assertThat(cells[16]).isEqualTo("ok");
        }
        assertThat(table).containsPattern("\\| \\(a\\) \\| apogee \\| \\d+\\.\\d\\dx \\|");
        assertThat(Files.list(dir.resolve("work")).map(Path::getFileName).map(Path::toString).toList())
            .contains("a-apogee-rocketmq.json", "a-apogee-apogee.json", "a-apogee-rocketmq.log");
        assertThat(dir.resolve("work/a-apogee-apogee/store")).as("stores are deleted").doesNotExist();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).filter(p -> !before.contains(p))
            .toList()).as("no child process left").isEmpty();
    }

    @Test
    void badOptionsStopBeforeAnythingStarts() {
        StringWriter err = new StringWriter();
        int code = new CompareCommand(System.out).commandLine().setErr(new PrintWriter(err))
            .execute("--scenarios", "a,z", "--duration", "1");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--scenarios'");
        StringWriter heap = new StringWriter();
        assertThat(new CompareCommand(System.out).commandLine().setErr(new PrintWriter(heap)).execute("--heap", "lots"))
            .isEqualTo(2);
        assertThat(heap.toString()).contains("--heap must look like 512m or 1g, not lots");
        StringWriter rate = new StringWriter();
        assertThat(new CompareCommand(System.out).commandLine().setErr(new PrintWriter(rate)).execute("--rate", "-5"))
            .isEqualTo(2);
        assertThat(rate.toString()).contains("--rate must be 0 (no limit) or positive, not -5");
    }
}
