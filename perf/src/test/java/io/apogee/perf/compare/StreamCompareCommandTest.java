package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** apogee perf stream-compare without brokers: its options, what it refuses, and the table it writes. */
class StreamCompareCommandTest {
    @Test
    void defaultsRunEveryScenarioAgainstRabbitMqThenApogee() {
        StreamCompareCommand command = new StreamCompareCommand(System.out);
        command.commandLine().parseArgs();

        assertThat(command.scenarios).containsExactly(StreamScenario.A, StreamScenario.B, StreamScenario.C,
            StreamScenario.D);
        assertThat(command.brokers).containsExactly(StreamBroker.RABBITMQ, StreamBroker.APOGEE);
        assertThat(command.loadSettings()).isEqualTo(new StreamLoad.Settings(4, 10_000, 30, 5, 2_000_000, 10, 5, 300));
        assertThat(command.heap).isEqualTo("256m");
    }

    @Test
    void optionsSetTheLoadInAnyCase() {
        StreamCompareCommand command = new StreamCompareCommand(System.out);
        command.commandLine().parseArgs("--scenarios", "D,c", "--brokers", "APOGEE", "--producers", "2",
            "--max-unconfirmed", "50", "--duration", "3", "--warmup", "1", "--catch-up-messages", "5000",
            "--warm-reads", "0", "--measured-reads", "2", "--drain-timeout", "9");

        assertThat(command.scenarios).containsExactly(StreamScenario.D, StreamScenario.C);
        assertThat(command.brokers).containsExactly(StreamBroker.APOGEE);
        assertThat(command.loadSettings()).isEqualTo(new StreamLoad.Settings(2, 50, 3, 1, 5_000, 0, 2, 9));
    }

    @Test
    void badOptionsStopBeforeAnythingStarts() {
        assertThat(refusal("--scenarios", "a,z")).contains("Invalid value for option '--scenarios'");
        assertThat(refusal("--producers", "0")).contains("--producers must be 1 to 256, not 0");
        assertThat(refusal("--warm-reads", "-1")).contains("--warm-reads must be 0 to 100, not -1");
        assertThat(refusal("--measured-reads", "0")).contains("--measured-reads must be 1 to 100, not 0");
        assertThat(refusal("--max-unconfirmed", "-1")).contains("--max-unconfirmed must be positive, not -1");
        assertThat(refusal("--catch-up-messages", "0")).contains("--catch-up-messages must be positive, not 0");
        assertThat(refusal("--heap", "lots")).contains("--heap must look like 512m or 1g, not lots");
        assertThat(refusal("--brokers", "kafka")).contains("Invalid value for option '--brokers'");
    }

    @Test
    void theTableHasARowPerRunAndApogeeOverRabbitMqRatios() {
        StreamResult.Delivery ok = new StreamResult.Delivery(1000, 0, 1000, 0, 0, 0);
        StreamResult rabbit = new StreamResult(StreamScenario.A, StreamBroker.RABBITMQ, 200_000, 0, 1_500, 4_000, 8_000,
            20_000, 12.5, 0.5, 300L * 1024 * 1024, ok);
        StreamResult apogee = new StreamResult(StreamScenario.A, StreamBroker.APOGEE, 500_000, 0, 1_000, 2_000, 3_000,
            9_000, 5.0, 0.25, 150L * 1024 * 1024, ok);
        StreamResult lost = new StreamResult(StreamScenario.D, StreamBroker.APOGEE, 400_000, 3_000_000, 1_000, 2_000,
            3_000, 9_000, 2.0, 0.1, 100L * 1024 * 1024, new StreamResult.Delivery(1000, 0, 998, 2, 0, 0));

        String table = StreamTable.markdown("preamble", List.of(rabbit, apogee, lost));

        assertThat(table).startsWith("preamble\n\n| Scenario | Broker | publish msg/s | consume msg/s | confirm p50 ms |");
        assertThat(table).contains("| (a) publish 100 B with confirms | RabbitMQ | 200000 | - | 1.50 | 4.00 | 8.00 | 20.00 "
            + "| 12.50 | 0.50 | 300 | ok (1000) |");
        assertThat(table).contains("| (a) publish 100 B with confirms | Apogee | 500000 | - | 1.00 | 2.00 | 3.00 | 9.00 "
            + "| 5.00 | 0.25 | 150 | ok (1000) |");
        assertThat(table).contains("| Apogee | 400000 | 3000000 |").contains(
            "FAILED: confirmed 1000, failed 0, received 998, lost 2, duplicates 0, corrupt 0 |");
        assertThat(table).contains("| (a) | 2.50x | - | 0.50x | 0.40x | 0.50x | 0.50x |");
        assertThat(table).doesNotContain("| (d) | ");
    }

    @Test
    void aRunVerifiesOnlyWhenEveryConfirmedMessageArrivedOnceIntact() {
        assertThat(new StreamResult.Delivery(10, 0, 10, 0, 0, 0).passed()).isTrue();
        assertThat(new StreamResult.Delivery(0, 0, 0, 0, 0, 0).passed()).as("nothing moved").isFalse();
        assertThat(new StreamResult.Delivery(10, 1, 10, 0, 0, 0).passed()).as("a failed publish").isFalse();
        assertThat(new StreamResult.Delivery(10, 0, 10, 0, 1, 0).passed()).as("a duplicate").isFalse();
        assertThat(new StreamResult.Delivery(10, 0, 10, 0, 0, 1).passed()).as("a corrupt body").isFalse();
        assertThat(new StreamResult.Delivery(10, 0, 9, 1, 0, 0).passed()).as("a lost message").isFalse();
        assertThat(StreamResult.failed(StreamScenario.B, StreamBroker.APOGEE).passed()).isFalse();
    }

    private static String refusal(String... args) {
        StringWriter err = new StringWriter();
        int code = new StreamCompareCommand(System.out).commandLine().setErr(new PrintWriter(err)).execute(args);
        assertThat(code).as(err.toString()).isEqualTo(2);
        return err.toString();
    }
}
