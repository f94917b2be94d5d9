package io.apogee.perf.compare;

import java.util.List;
import java.util.Locale;

/**
 * The stream comparison as Markdown: one row per scenario and broker (publish and consume rates, confirm latency
 * p50/p99/p99.9/max in milliseconds, broker CPU seconds per million messages, broker context switches per message,
 * broker peak anonymous RSS, and the verification), then the same-run ratios Apogee / RabbitMQ per scenario. Stateless.
 */
final class StreamTable {
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double BYTES_PER_MIB = 1024.0 * 1024;

    private StreamTable() {
    }

    /** The table of {@code results}, under a heading paragraph {@code preamble}. */
    static String markdown(String preamble, List<StreamResult> results) {
        StringBuilder md = new StringBuilder(preamble).append("\n\n");
        md.append("| Scenario | Broker | publish msg/s | consume msg/s | confirm p50 ms | p99 ms | p99.9 ms | max ms "
            + "| broker CPU s / M msgs | broker cs / msg | broker peak anon RSS MiB | verified |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (StreamResult r : results) {
            md.append(String.format(Locale.ROOT, "| (%s) %s | %s | %.0f | %s | %s | %s | %s | %s | %.2f | %.2f | %.0f | %s |%n",
                r.scenario().letter(), r.scenario().description(), r.broker().title(), r.publishRate(),
                r.consumeRate() > 0 ? String.format(Locale.ROOT, "%.0f", r.consumeRate()) : "-", millis(r.p50Micros()),
                millis(r.p99Micros()), millis(r.p999Micros()), millis(r.maxMicros()), r.cpuPerMillion(),
                r.switchesPerMessage(), r.peakAnonRssBytes() / BYTES_PER_MIB, r.delivery().verdict()));
        }
        ratios(md, results);
        return md.toString();
    }

    /** Apogee against RabbitMQ for each scenario both ran: above 1 is Apogee's more, for every column. */
    private static void ratios(StringBuilder md, List<StreamResult> results) {
        StringBuilder rows = new StringBuilder();
        for (StreamResult apogee : results) {
            for (StreamResult rabbit : results) {
                if (apogee.broker() == StreamBroker.APOGEE && rabbit.broker() == StreamBroker.RABBITMQ
                    && apogee.scenario() == rabbit.scenario()) {
                    rows.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %s | %s |%n",
                        apogee.scenario().letter(), ratio(apogee.publishRate(), rabbit.publishRate()),
                        ratio(apogee.consumeRate(), rabbit.consumeRate()), ratio(apogee.p99Micros(), rabbit.p99Micros()),
                        ratio(apogee.cpuPerMillion(), rabbit.cpuPerMillion()),
                        ratio(apogee.switchesPerMessage(), rabbit.switchesPerMessage()),
                        ratio(apogee.peakAnonRssBytes(), rabbit.peakAnonRssBytes())));
                }
            }
        }
        if (!rows.isEmpty()) {
            md.append("\nApogee / RabbitMQ, same run (rates: higher is better; the rest: lower is better):\n\n");
            md.append("| Scenario | publish msg/s | consume msg/s | confirm p99 | broker CPU / M msgs | broker cs / msg "
                + "| broker peak anon RSS |\n|---|---:|---:|---:|---:|---:|---:|\n");
            md.append(rows);
        }
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.2f", micros / MICROS_PER_MILLI);
    }

    private static String ratio(double apogee, double rabbit) {
        return apogee > 0 && rabbit > 0 ? String.format(Locale.ROOT, "%.2fx", apogee / rabbit) : "-";
    }
}
