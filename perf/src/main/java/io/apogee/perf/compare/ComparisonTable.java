package io.apogee.perf.compare;

import java.util.List;
import java.util.Locale;

/**
 * The comparison as Markdown: one row per scenario, broker and client (send TPS, consume TPS, send latency
 * p50/p99/p99.9/max in milliseconds, broker CPU seconds per million messages, broker young GCs, broker peak RSS,
 * and the client's CPU seconds per million messages),
 * then the same-run ratios Apogee / Apache RocketMQ per scenario and client, and Apogee's client / the official
 * client per scenario and broker. Stateless.
 */
final class ComparisonTable {
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double BYTES_PER_MIB = 1024.0 * 1024;

    private ComparisonTable() {
    }

    /** The table of {@code results}, under a heading paragraph {@code preamble}. */
    static String markdown(String preamble, List<ScenarioResult> results) {
        StringBuilder md = new StringBuilder(preamble).append("\n\n");
        md.append("| Scenario | Broker | Client | send TPS | consume TPS | send p50 ms | p99 ms | p99.9 ms | max ms "
            + "| broker CPU s / M msgs | broker young GCs | broker peak RSS MiB | client CPU s / M msgs | verified |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (ScenarioResult r : results) {
            md.append(String.format(Locale.ROOT, "| (%s) %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %.2f | %s | %.0f | %.2f | %s |%n",
                r.scenario().letter(), r.scenario().description(), r.broker().title(), r.client(), r.sendRate(),
                r.consumeRate() > 0 ? String.format(Locale.ROOT, "%.0f", r.consumeRate()) : "-",
                millis(r.p50Micros()), millis(r.p99Micros()), millis(r.p999Micros()), millis(r.maxMicros()),
                r.cpuPerMillion(), r.youngGcs() < 0 ? "n/a" : Long.toString(r.youngGcs()), r.peakRssBytes() / BYTES_PER_MIB,
                r.clientCpuPerMillion(), r.passed() ? "ok" : "FAILED"));
        }
        md.append("\nApogee / Apache RocketMQ, same run (TPS: higher is better; latency and CPU: lower is better):\n\n");
        md.append("| Scenario | Client | send TPS | consume TPS | send p99 | broker CPU / M msgs |\n");
        md.append("|---|---|---:|---:|---:|---:|\n");
        for (ScenarioResult apogee : results) {
            if (apogee.broker() != BrokerKind.APOGEE) {
                continue;
            }
            for (ScenarioResult rocketmq : results) {
                if (rocketmq.broker() == BrokerKind.ROCKETMQ && rocketmq.scenario() == apogee.scenario()
                    && rocketmq.client().equals(apogee.client())) {
                    md.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %s |%n", apogee.scenario().letter(),
                        apogee.client(), ratio(apogee.sendRate(), rocketmq.sendRate()),
                        ratio(apogee.consumeRate(), rocketmq.consumeRate()), ratio(apogee.p99Micros(), rocketmq.p99Micros()),
                        ratio(apogee.cpuPerMillion(), rocketmq.cpuPerMillion())));
                }
            }
        }
        clientRatios(md, results);
        timerLateness(md, results);
        return md.toString();
    }

    /** How late timer messages arrived, where a scenario sent them. */
    private static void timerLateness(StringBuilder md, List<ScenarioResult> results) {
        StringBuilder rows = new StringBuilder();
        for (ScenarioResult r : results) {
            if (r.lateness() != null) {
                rows.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %d |%n", r.scenario().letter(),
                    r.broker().title(), r.client(), millis(r.lateness().p50Micros()), millis(r.lateness().p99Micros()),
                    r.lateness().early()));
            }
        }
        if (!rows.isEmpty()) {
            md.append("\nTimer messages, how late they arrived after the time asked for (lower is better; early: before it):"
                + "\n\n| Scenario | Broker | Client | late p50 ms | late p99 ms | early |\n|---|---|---|---:|---:|---:|\n");
            md.append(rows);
        }
    }

    /** Apogee's client against the official one on the same broker, where both ran. */
    private static void clientRatios(StringBuilder md, List<ScenarioResult> results) {
        StringBuilder rows = new StringBuilder();
        for (ScenarioResult apogee : results) {
            for (ScenarioResult official : results) {
                if (apogee.client().equals("apogee") && official.client().equals("official")
                    && apogee.scenario() == official.scenario() && apogee.broker() == official.broker()) {
                    rows.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s |%n", apogee.scenario().letter(),
                        apogee.broker().title(), ratio(apogee.sendRate(), official.sendRate()),
                        ratio(apogee.consumeRate(), official.consumeRate()),
                        ratio(apogee.clientCpuPerMillion(), official.clientCpuPerMillion())));
                }
            }
        }
        if (!rows.isEmpty()) {
            md.append("\nApogee client / official client, same broker, same run:\n\n");
            md.append("| Scenario | Broker | send TPS | consume TPS | client CPU / M msgs |\n|---|---|---:|---:|---:|\n");
            md.append(rows);
        }
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.2f", micros / MICROS_PER_MILLI);
    }

    private static String ratio(double apogee, double rocketmq) {
        return apogee > 0 && rocketmq > 0 ? String.format(Locale.ROOT, "%.2fx", apogee / rocketmq) : "-";
    }
}
