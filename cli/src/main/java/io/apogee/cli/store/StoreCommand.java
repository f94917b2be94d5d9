package io.apogee.cli.store;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code apogee store}: the offline store tools, {@code verify} and {@code dump}, over a stopped broker's store.
 *
 * <p>Not thread-safe: run once from {@link #main}.
 */
@Command(name = "apogee store", mixinStandardHelpOptions = true, subcommands = {VerifyCommand.class, DumpCommand.class},
    description = "Offline tools over a stopped broker's store directory (Apogee's or Apache RocketMQ's). "
        + "They open every file read-only.")
public final class StoreCommand implements Callable<Integer> {
    /** Exit code: nothing wrong. */
    public static final int HEALTHY = 0;
    /** Exit code: problems found. */
    public static final int PROBLEMS = 1;
    /** Exit code: a bad command line or directory. */
    public static final int USAGE = CommandLine.ExitCode.USAGE;

    @Override
    public Integer call() {
        CommandLine.usage(this, System.err);
        return USAGE;
    }

    /** A command line for these tools (tests call it directly and read its exit code). */
    public static CommandLine commandLine() {
        return new CommandLine(new StoreCommand());
    }

    /** Runs {@code apogee store ARGS} and exits with its code. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
