package io.apogee.perf.compare;

import io.apogee.perf.process.SyscallSource;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The comparison as Markdown: one row per scenario, broker and client (send TPS, consume TPS, send latency
 * p50/p99/p99.9/max in milliseconds, broker CPU seconds per million messages, broker context switches and system
 * calls per message, broker young GCs, broker peak RSS, and the client's CPU seconds per million messages),
 * then the same-run ratios Apogee / Apache RocketMQ per scenario and client, for master-slave pairs the slave's cost
 * and the pair's beside the master's, Apogee's client / the official client per scenario and broker, and both
 * processes' context switches and system calls split by kind. Stateless.
 */
final class ComparisonTable {
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double BYTES_PER_MIB = 1024.0 * 1024;
    /** Marks a system call count of read- and write-class calls only. */
    private static final String READ_WRITE_ONLY = " (r/w)";

    private ComparisonTable() {
    }

    /** The table of {@code results}, under a heading paragraph {@code preamble}. */
    static String markdown(String preamble, List<ScenarioResult> results) {
        StringBuilder md = new StringBuilder(preamble).append("\n\n");
        md.append("| Scenario | Broker | Client | send TPS | consume TPS | send p50 ms | p99 ms | p99.9 ms | max ms "
            + "| broker CPU s / M msgs | broker cs / msg | broker syscalls / msg | broker young GCs | broker peak RSS MiB "
            + "| client CPU s / M msgs | verified |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (ScenarioResult r : results) {
            md.append(String.format(Locale.ROOT,
                "| (%s) %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %.2f | %s | %s | %s | %.0f | %.2f | %s |%n",
                r.scenario().letter(), r.scenario().description(), r.broker().title(), r.client(), r.sendRate(),
                r.consumeRate() > 0 ? String.format(Locale.ROOT, "%.0f", r.consumeRate()) : "-",
                millis(r.p50Micros()), millis(r.p99Micros()), millis(r.p999Micros()), millis(r.maxMicros()),
                r.cpuPerMillion(), count(r.brokerKernel().switches()), syscalls(r.brokerKernel()),
                r.youngGcs() < 0 ? "n/a" : Long.toString(r.youngGcs()), r.peakRssBytes() / BYTES_PER_MIB,
                r.clientCpuPerMillion(), r.passed() ? "ok" : "FAILED"));
        }
        syscallNote(md, results);
        md.append("\nApogee / Apache RocketMQ, same run (TPS: higher is better; latency, CPU, context switches and "
            + "system calls: lower is better):\n\n");
        md.append("| Scenario | Client | send TPS | consume TPS | send p99 | broker CPU / M msgs | broker cs / msg "
            + "| broker syscalls / msg |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (ScenarioResult apogee : results) {
            if (apogee.broker() != BrokerKind.APOGEE) {
                continue;
            }
            for (ScenarioResult rocketmq : results) {
                if (rocketmq.broker() == BrokerKind.ROCKETMQ && rocketmq.scenario() == apogee.scenario()
                    && rocketmq.client().equals(apogee.client())) {
                    md.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %s | %s | %s |%n",
                        apogee.scenario().letter(), apogee.client(), ratio(apogee.sendRate(), rocketmq.sendRate()),
                        ratio(apogee.consumeRate(), rocketmq.consumeRate()), ratio(apogee.p99Micros(), rocketmq.p99Micros()),
                        ratio(apogee.cpuPerMillion(), rocketmq.cpuPerMillion()),
                        ratio(apogee.brokerKernel().switches(), rocketmq.brokerKernel().switches()),
                        apogee.brokerKernel().source() == rocketmq.brokerKernel().source()
                            ? ratio(apogee.brokerKernel().syscalls(), rocketmq.brokerKernel().syscalls()) : "-"));
                }
            }
        }
        pairCosts(md, results);
        clientRatios(md, results);
        kernelSplit(md, results);
        timerLateness(md, results);
        return md.toString();
    }

    /** Says what the system call columns count, for each way of counting that the rows used. */
    private static void syscallNote(StringBuilder md, List<ScenarioResult> results) {
        Set<SyscallSource> sources = EnumSet.noneOf(SyscallSource.class);
        for (ScenarioResult r : results) {
            sources.add(r.brokerKernel().source());
            sources.add(r.clientKernel().source());
            if (r.slave() != null) {
                sources.add(r.slave().kernel().source());
            }
        }
        sources.remove(SyscallSource.NONE);
        if (sources.isEmpty()) {
            return;
        }
        md.append("\ncs: context switches, voluntary and involuntary, summed over all the process's threads. Syscalls: ");
        if (sources.contains(SyscallSource.PERF)) {
            md.append(SyscallSource.PERF.description());
            md.append(sources.contains(SyscallSource.PROC_IO) ? "; marked (r/w): " : ".\n");
        }
        if (sources.contains(SyscallSource.PROC_IO)) {
            md.append(SyscallSource.PROC_IO.description()).append(sources.contains(SyscallSource.PERF) ? ".\n" : " (r/w).\n");
        }
    }

    /**
     * For the rows of master-slave pairs: the master's CPU, the slave's and their sum, per message, with the slave's
     * context switches, system calls and memory; then the same as Apogee / Apache RocketMQ ratios.
     */
    private static void pairCosts(StringBuilder md, List<ScenarioResult> results) {
        StringBuilder rows = new StringBuilder();
        StringBuilder ratios = new StringBuilder();
        for (ScenarioResult r : results) {
            if (r.slave() == null) {
                continue;
            }
            rows.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %.2f | %.2f | %.2f | %s | %s | %.0f |%n",
                r.scenario().letter(), r.broker().title(), r.client(), r.cpuPerMillion(), r.slave().cpuPerMillion(),
                r.pairCpuPerMillion(), count(r.slave().kernel().switches()), syscalls(r.slave().kernel()),
                r.slave().peakRssBytes() / BYTES_PER_MIB));
            if (r.broker() != BrokerKind.APOGEE) {
                continue;
            }
            for (ScenarioResult rocketmq : results) {
                if (rocketmq.broker() == BrokerKind.ROCKETMQ && rocketmq.scenario() == r.scenario()
                    && rocketmq.client().equals(r.client()) && rocketmq.slave() != null) {
                    ScenarioResult.KernelCost ours = r.slave().kernel();
                    ScenarioResult.KernelCost theirs = rocketmq.slave().kernel();
                    ratios.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %s | %s |%n",
                        r.scenario().letter(), r.client(), ratio(r.cpuPerMillion(), rocketmq.cpuPerMillion()),
                        ratio(r.slave().cpuPerMillion(), rocketmq.slave().cpuPerMillion()),
                        ratio(r.pairCpuPerMillion(), rocketmq.pairCpuPerMillion()),
                        ratio(ours.switches(), theirs.switches()),
                        ours.source() == theirs.source() ? ratio(ours.syscalls(), theirs.syscalls()) : "-"));
                }
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nMaster-slave pairs, the master and its slave over the same window, per message the pair handled "
            + "(lower is better; pair: master plus slave):\n\n| Scenario | Broker | Client | master CPU s / M msgs "
            + "| slave CPU s / M msgs | pair CPU s / M msgs | slave cs / msg | slave syscalls / msg | slave peak RSS MiB |\n"
            + "|---|---|---|---:|---:|---:|---:|---:|---:|\n");
        md.append(rows);
        if (!ratios.isEmpty()) {
            md.append("\nMaster-slave pairs, Apogee / Apache RocketMQ, same run (lower is better):\n\n| Scenario | Client "
                + "| master CPU / M msgs | slave CPU / M msgs | pair CPU / M msgs | slave cs / msg | slave syscalls / msg |\n"
                + "|---|---|---:|---:|---:|---:|---:|\n");
            md.append(ratios);
        }
    }

    /** Both processes' context switches per message split by kind, and their system calls per message. */
    private static void kernelSplit(StringBuilder md, List<ScenarioResult> results) {
        StringBuilder rows = new StringBuilder();
        for (ScenarioResult r : results) {
            if (r.brokerKernel().switches() >= 0 || r.clientKernel().switches() >= 0) {
                rows.append(String.format(Locale.ROOT, "| (%s) | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    r.scenario().letter(), r.broker().title(), r.client(), count(r.brokerKernel().voluntary()),
                    count(r.brokerKernel().involuntary()), syscalls(r.brokerKernel()), count(r.clientKernel().voluntary()),
                    count(r.clientKernel().involuntary()), syscalls(r.clientKernel())));
            }
        }
        if (!rows.isEmpty()) {
            md.append("\nContext switches and system calls per message, over all threads of each process "
                + "(lower is better):\n\n| Scenario | Broker | Client | broker voluntary cs | broker involuntary cs "
                + "| broker syscalls | client voluntary cs | client involuntary cs | client syscalls |\n"
                + "|---|---|---|---:|---:|---:|---:|---:|---:|\n");
            md.append(rows);
        }
    }

    /** A per-message count, "n/a" if unknown. */
    private static String count(double perMessage) {
        return perMessage < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", perMessage);
    }

    /** System calls per message, marked when they count read and write calls only. */
    private static String syscalls(ScenarioResult.KernelCost cost) {
        return count(cost.syscalls()) + (cost.source() == SyscallSource.PROC_IO ? READ_WRITE_ONLY : "");
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
