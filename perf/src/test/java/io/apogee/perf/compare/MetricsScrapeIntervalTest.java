package io.apogee.perf.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code --metrics-scrape-interval}: once a second unless given, and a value outside 1 to 3600 s is refused. */
class MetricsScrapeIntervalTest {
    @Test
    void defaultsToOneSecondAndTakesAProductionInterval() {
        CompareCommand unset = new CompareCommand(System.out);
        unset.commandLine().parseArgs("--metrics");
        assertThat(unset.metricsScrapeSeconds).isEqualTo(1);
        CompareCommand production = new CompareCommand(System.out);
        production.commandLine().parseArgs("--metrics", "--metrics-scrape-interval", "15");
        assertThat(production.metricsScrapeSeconds).isEqualTo(15);
    }

    @Test
    void anIntervalOutOfRangeStopsBeforeAnythingStarts() {
        assertThat(error("--metrics", "--metrics-scrape-interval", "0"))
            .contains("--metrics-scrape-interval must be 1 to 3600 seconds, not 0");
        assertThat(error("--metrics", "--metrics-scrape-interval", "3601"))
            .contains("--metrics-scrape-interval must be 1 to 3600 seconds, not 3601");
    }

    private static String error(String... args) {
        StringWriter err = new StringWriter();
        int code = new CompareCommand(System.out).commandLine().setErr(new PrintWriter(err)).execute(args);
        assertThat(code).isEqualTo(2);
        return err.toString();
    }
}
