package io.apogee.perf;

import io.apogee.perf.process.IdleReport;
import io.apogee.perf.process.IdleWatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * {@code apogee perf idle}: watches a broker with no client connected and prints how often its threads wake up
 * (context switches per second), its CPU as a share of one core, its system calls per second, and the threads that
 * woke most. Not thread-safe: picocli fills the fields, then {@link #call()} runs once on the main thread.
 */
@Command(name = "apogee perf idle", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Watches an idle broker process and reports its wake-ups per second (context switches over all "
        + "threads), CPU and system calls, and the threads that wake most. Exit code 0: done; 1: no such process; "
        + "2: bad options.")
public final class IdleCommand implements Callable<Integer> {
    @Option(names = "--broker-pid", required = true, paramLabel = "PID", description = "The broker process to watch.")
    long brokerPid;

    @Option(names = "--seconds", defaultValue = "10", description = "How long to watch (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--top", defaultValue = "10", description = "Threads to list, most wake-ups first (default: ${DEFAULT-VALUE}).")
    int top;

    @Spec
    CommandSpec spec;

    private final PrintStream out;

    /** A command printing to {@code out}. */
    public IdleCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() {
        check(brokerPid > 0, "--broker-pid must be positive, not " + brokerPid);
        check(seconds > 0, "--seconds must be positive, not " + seconds);
        check(top >= 0, "--top must be 0 or positive, not " + top);
        IdleReport report;
        try {
            report = IdleWatch.watch(brokerPid, seconds);
        } catch (IllegalArgumentException noProcess) {
            out.println(noProcess.getMessage());
            return 1;
        }
        out.print(report.text(top));
        return 0;
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /** A picocli command line for this command. */
    public CommandLine commandLine() {
        return new CommandLine(this);
    }
}
