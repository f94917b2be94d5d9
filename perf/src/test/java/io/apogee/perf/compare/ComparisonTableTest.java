package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Markdown table: a row per run, milliseconds, unknown GCs, failures, both kinds of same-run ratios, and how late
 * timer messages arrived.
 */
class ComparisonTableTest {
    @Test
    void rowsAndRatios() {
        List<ScenarioResult> results = List.of(
            new ScenarioResult(Scenario.B, BrokerKind.ROCKETMQ, "apogee", true, 10_000, 8_000, 1_500, 20_000, 40_000,
                90_000, 50.0, 7, 600L << 20, 20.0),
            new ScenarioResult(Scenario.B, BrokerKind.APOGEE, "apogee", true, 20_000, 16_000, 750, 10_000, 30_000,
                45_000, 25.0, -1, 300L << 20, 10.0),
            new ScenarioResult(Scenario.B, BrokerKind.APOGEE, "official", true, 10_000, 4_000, 800, 12_000, 30_000,
                50_000, 30.0, 2, 310L << 20, 40.0),
            ScenarioResult.failed(Scenario.E, BrokerKind.APOGEE, "apogee"),
            new ScenarioResult(Scenario.F, BrokerKind.APOGEE, "official", true, 5_000, 5_000, 800, 12_000, 30_000,
                50_000, 30.0, 2, 310L << 20, 40.0, new ScenarioResult.Lateness(6_500, 21_000, 0)));
        String md = ComparisonTable.markdown("preamble", results);
        assertThat(md).startsWith("preamble\n\n| Scenario | Broker | Client | send TPS |")
            .contains("| (b) as (a) with one consumer group attached | Apache RocketMQ 5.4.0 | apogee | 10000 | 8000 | 1.50 | 20.00 "
                + "| 40.00 | 90.00 | 50.00 | 7 | 600 | 20.00 | ok |")
            .contains("| Apogee | apogee | 20000 | 16000 | 0.75 | 10.00 | 30.00 | 45.00 | 25.00 | n/a | 300 | 10.00 | ok |")
            .contains("| (e) as (a) with SYNC_FLUSH | Apogee | apogee | 0 | - | 0.00 |")
            .contains("| FAILED |")
            .contains("| (b) | apogee | 2.00x | 2.00x | 0.50x | 0.50x |")
            .contains("| (b) | Apogee | 2.00x | 4.00x | 0.25x |")
            .contains("| Scenario | Broker | Client | late p50 ms | late p99 ms | early |")
            .contains("| (f) | Apogee | official | 6.50 | 21.00 | 0 |");
        assertThat(md).as("no RocketMQ row for (e), no official row on RocketMQ").doesNotContain("| (e) | apogee |")
            .doesNotContain("| (b) | Apache RocketMQ 5.4.0 | ");
    }
}
