package io.apogee.perf;

import io.apogee.common.time.SystemNanoClock;

/**
 * The entry point of {@code apogee perf}: parses the options, runs, and exits with the command's code (0 passed,
 * 1 lost or corrupt messages, 2 bad options). Runs on the main thread.
 */
public final class PerfMain {
    private PerfMain() {
    }

    /** Runs {@code apogee perf} with {@code args} and exits with its code. */
    public static void main(String[] args) {
        System.exit(new PerfCommand(System.out, SystemNanoClock.INSTANCE).commandLine().execute(args));
    }
}
