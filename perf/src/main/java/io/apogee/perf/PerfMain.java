package io.apogee.perf;

import io.apogee.common.time.SystemClock;
import io.apogee.perf.compare.CompareCommand;
import io.apogee.perf.compare.StreamCompareCommand;

import java.util.Arrays;

/**
 * The entry point of {@code apogee perf}: {@code plot}, {@code compare}, {@code stream-compare} and {@code idle} as first argument select
 * those commands, anything else is a load run. Exits with the command's code (0 passed, 1 lost or corrupt messages or a failed
 * comparison, 2 bad options). Runs on the main thread.
 */
public final class PerfMain {
    private PerfMain() {
    }

    /** Runs {@code apogee perf} with {@code args} and exits with its code. */
    public static void main(String[] args) {
        String first = args.length == 0 ? "" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        int code = switch (first) {
            case "plot" -> new PlotCommand(System.out).commandLine().execute(rest);
            case "compare" -> new CompareCommand(System.out).commandLine().execute(rest);
            case "stream-compare" -> new StreamCompareCommand(System.out).commandLine().execute(rest);
            case "idle" -> new IdleCommand(System.out).commandLine().execute(rest);
            default -> new PerfCommand(System.out, SystemClock.INSTANCE).commandLine().execute(args);
        };
        System.exit(code);
    }
}
