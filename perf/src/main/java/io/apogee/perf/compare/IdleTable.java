package io.apogee.perf.compare;

import io.apogee.perf.process.IdleReport;
import io.apogee.perf.process.ThreadLedger;

import java.util.List;
import java.util.Locale;

/**
 * The idle brokers of a comparison as Markdown: per broker its wake-ups per second, CPU and system calls with no
 * client connected, then the threads that woke most. Stateless.
 */
final class IdleTable {
    /** Threads listed per broker. */
    static final int TOP_THREADS = 8;

    private IdleTable() {
    }

    /** The tables of {@code results}, or "" when no broker was watched idle. */
    static String markdown(List<IdleResult> results) {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\nIdle brokers, no client connected (lower is better; wake-ups: context "
            + "switches per second over all the broker process's threads):\n\n");
        md.append("| Broker | seconds | wake-ups / s | voluntary / s | involuntary / s | CPU % of a core | syscalls / s "
            + "| threads |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (IdleResult result : results) {
            IdleReport r = result.report();
            if (r == null) {
                md.append("| ").append(result.broker().title()).append(" | FAILED | | | | | | |\n");
                continue;
            }
            ThreadLedger.Totals totals = r.activity().totals();
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.2f | %s | %d |%n",
                result.broker().title(), r.seconds(), r.wakeupsPerSecond(), totals.voluntary() / r.seconds(),
                totals.involuntary() / r.seconds(), r.cpuPercent(), r.syscallRate(), totals.threadsSeen()));
        }
        results.stream().filter(IdleResult::measured).findFirst().ifPresent(first -> md.append("\nSyscalls: ")
            .append(first.report().activity().syscalls().source().description()).append(".\n"));
        md.append("\nThe threads that woke most while idle:\n\n| Broker | thread | wake-ups / s | CPU % of a core |\n"
            + "|---|---|---:|---:|\n");
        for (IdleResult result : results) {
            if (result.report() == null) {
                continue;
            }
            for (ThreadLedger.ThreadCost thread : result.report().busiest(TOP_THREADS)) {
                md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.2f |%n", result.broker().title(),
                    thread.name().replace("|", "\\|"), thread.switches() / result.report().seconds(),
                    result.report().threadCpuPercent(thread)));
            }
        }
        return md.toString();
    }
}
