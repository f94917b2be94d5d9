package io.apogee.perf.compare;

import io.apogee.launcher.RabbitMqLauncher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * apogee perf stream-compare end to end: a real RabbitMQ node (the installed rabbitmq-server) and the Apogee broker
 * (through bin/apogee, as a user starts it) each run a second of publishing and consuming together and a catch-up of
 * a few thousand messages; every row is verified, with figures of the broker process, and no process is left behind.
 */
@Tag("slow")
class StreamCompareEndToEndTest {
    private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();

    @Test
    void aTinyComparisonVerifiesEveryRowOnBothBrokers(@TempDir Path dir) throws Exception {
        assumeTrue(RabbitMqLauncher.installed(), "RabbitMQ is not installed at " + RabbitMqLauncher.serverScript());
        assumeTrue(Files.exists(CHECKOUT.resolve("broker/target/runtime-classpath.txt")),
            "bin/apogee needs the broker packaged (./mvnw verify does it before this module's tests)");
        Path out = dir.resolve("stream-compare.md");
        List<ProcessHandle> before = ProcessHandle.current().descendants().toList();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int code = new StreamCompareCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).commandLine().execute(
            "--scenarios", "c,d", "--duration", "1", "--warmup", "0", "--producers", "2", "--max-unconfirmed", "100",
            "--catch-up-messages", "3000", "--drain-timeout", "30", "--heap", "256m", "--out", out.toString(),
            "--work-dir", dir.resolve("work").toString(), "--apogee-launcher", CHECKOUT.resolve("bin/apogee").toString());
        String output = printed.toString(StandardCharsets.UTF_8);
        System.out.println(output);

        assertThat(code).as(output).isZero();
        String table = Files.readString(out);
        List<String> rows = table.lines().filter(line -> line.contains(" | RabbitMQ | ") || line.contains(" | Apogee | "))
            .toList();
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).contains("| RabbitMQ |");
        assertThat(rows.get(1)).contains("| Apogee |");
        for (String row : rows) {
            String[] cells = Arrays.stream(row.split("\\|")).map(String::strip).toArray(String[]::new);
            assertThat(Double.parseDouble(cells[3])).as("publish rate of " + row).isPositive();
            assertThat(Double.parseDouble(cells[4])).as("consume rate of " + row).isPositive();
            assertThat(Double.parseDouble(cells[8])).as("max confirm latency of " + row).isPositive();
            assertThat(Double.parseDouble(cells[9])).as("broker CPU per million of " + row).isPositive();
            assertThat(Double.parseDouble(cells[11])).as("broker peak RSS of " + row).isPositive();
            assertThat(cells[12]).as("verification of " + row).matches("ok \\(\\d+\\)");
        }
        assertThat(output).containsPattern("\\(d\\) Apogee: warm read 10 \\(not measured\\): 3,000 of 3,000 messages in [1-9]")
            .containsPattern("\\(d\\) RabbitMQ: measured read 5: 3,000 of 3,000 messages in [1-9]");
        assertThat(rows.get(2)).contains("ok (3000)");
        assertThat(rows.get(3)).contains("ok (3000)");
        assertThat(table).containsPattern("\\| \\(c\\) \\| \\d+\\.\\d\\dx \\| \\d+\\.\\d\\dx \\|");
        assertThat(dir.resolve("work/stream-c-apogee/store")).as("stores are deleted").doesNotExist();
        assertThat(dir.resolve("work/stream-c-rabbitmq/mnesia")).as("stores are deleted").doesNotExist();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).filter(p -> !before.contains(p))
            .toList()).as("no child process left").isEmpty();
    }
}
