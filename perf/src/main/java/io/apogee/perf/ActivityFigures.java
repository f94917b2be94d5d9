package io.apogee.perf;

import io.apogee.perf.process.ProcessActivity;
import io.apogee.perf.process.ThreadLedger;

import java.util.Locale;

/**
 * A process's context switches and system calls per message, as a report line and as JSON fields. Stateless.
 */
final class ActivityFigures {
    private ActivityFigures() {
    }

    /** The text line for {@code who} ("client", "broker", "slave") over {@code messages} messages. */
    static String line(String who, ProcessActivity activity, long messages) {
        ThreadLedger.Totals totals = activity.totals();
        return String.format(Locale.ROOT, "%s threads: %.2f context switches per message (%.2f voluntary, %.2f involuntary), "
                + "%s system calls per message (%s); %d threads, %d started, %d ended; CPUs %s",
            who, activity.switchesPerMessage(messages), perMessage(totals.voluntary(), messages),
            perMessage(totals.involuntary(), messages), activity.syscalls().known()
                ? String.format(Locale.ROOT, "%.2f", activity.syscallsPerMessage(messages)) : "n/a",
            activity.syscalls().source().description(), totals.threadsSeen(), totals.threadsStarted(),
            totals.threadsEnded(), activity.cpus().isEmpty() ? "unknown" : activity.cpus());
    }

    /** The figures as JSON fields, without braces. */
    static String json(ProcessActivity activity, long messages) {
        ThreadLedger.Totals totals = activity.totals();
        return String.format(Locale.ROOT, "\"voluntarySwitches\":%d,\"involuntarySwitches\":%d,\"switchesPerMessage\":%.4f,"
                + "\"syscalls\":%d,\"syscallsPerMessage\":%.4f,\"syscallSource\":\"%s\",\"threads\":%d,"
                + "\"threadsStarted\":%d,\"threadsEnded\":%d,\"cpus\":\"%s\"", totals.voluntary(), totals.involuntary(),
            activity.switchesPerMessage(messages), activity.syscalls().calls(), activity.syscallsPerMessage(messages),
            activity.syscalls().source().name().toLowerCase(Locale.ROOT), totals.threadsSeen(), totals.threadsStarted(),
            totals.threadsEnded(), activity.cpus());
    }

    private static double perMessage(long count, long messages) {
        return messages == 0 ? 0 : (double) count / messages;
    }
}
