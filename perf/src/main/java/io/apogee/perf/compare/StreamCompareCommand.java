package io.apogee.perf.compare;

import io.apogee.perf.process.ChildProcesses;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * {@code apogee perf stream-compare}: for each scenario, starts RabbitMQ (its stream plugin) and then Apogee, each
 * fresh, runs the same load through RabbitMQ's Java stream client against each one's stream port, stops it, and
 * finally writes the Markdown table. The catch-up (d) runs both brokers at once and alternates their reads. Every child process is killed when the tool exits, even on failure. Not
 * thread-safe: picocli fills the fields, then {@link #call()} runs once.
 */
@Command(name = "apogee perf stream-compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Runs the same stream-protocol load against RabbitMQ (the installed rabbitmq-server with its stream "
        + "plugin) and Apogee, one after the other, through RabbitMQ's Java stream client, and writes a Markdown table. "
        + "Exit code 0: every run verified; 1: a run failed or lost messages; 2: bad options.")
public final class StreamCompareCommand implements Callable<Integer> {
    @Option(names = "--scenarios", split = ",", defaultValue = "a,b,c,d", paramLabel = "a,b,c,d",
        description = "Scenarios to run (default: ${DEFAULT-VALUE}): (a) publish 100 B with confirms; (b) publish 1 KiB "
            + "with confirms; (c) publish 100 B with one consumer from the first offset reading at the same time; "
            + "(d) catch-up: preload 100 B messages, read them --warm-reads times unmeasured, then one consumer reads "
            + "the stream from its first offset --measured-reads times; the row shows the median rate.")
    List<StreamScenario> scenarios;

    @Option(names = "--producers", defaultValue = "4",
        description = "Producer threads, one client producer each (default: ${DEFAULT-VALUE}).")
    int producers;

    @Option(names = "--max-unconfirmed", defaultValue = "10000", paramLabel = "N",
        description = "Unconfirmed messages a producer may have before its send blocks (default: ${DEFAULT-VALUE}).")
    int maxUnconfirmed;

    @Option(names = "--duration", defaultValue = "30", paramLabel = "SECONDS",
        description = "Measured publishing time of each scenario but (d) (default: ${DEFAULT-VALUE}).")
    int durationSeconds;

    @Option(names = "--warmup", defaultValue = "5", paramLabel = "SECONDS",
        description = "Publishing before each scenario but (d) is measured, not counted (default: ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--catch-up-messages", defaultValue = "2000000",
        description = "Messages of 100 B preloaded for (d) (default: ${DEFAULT-VALUE}).")
    int catchUpMessages;

    @Option(names = "--warm-reads", defaultValue = "10", paramLabel = "N",
        description = "Reads of (d)'s preloaded stream before the measured ones, not counted, so that they measure the "
            + "warm client and broker: the client's JIT, in this JVM for both brokers, still compiles after three "
            + "reads, which favoured whichever broker ran second; 0 measures a cold read (default: ${DEFAULT-VALUE}).")
    int warmReads;

    @Option(names = "--measured-reads", defaultValue = "5", paramLabel = "N",
        description = "Measured reads of (d)'s preloaded stream, one after the other; the row shows their median rate, "
            + "as one read of 2,000,000 messages lasts under a second (default: ${DEFAULT-VALUE}).")
    int measuredReads;

    @Option(names = "--drain-timeout", defaultValue = "300", paramLabel = "SECONDS",
        description = "How long to wait for confirms and deliveries once publishing stops (default: ${DEFAULT-VALUE}).")
    int drainSeconds;

    @Option(names = "--brokers", split = ",", defaultValue = "rabbitmq,apogee", paramLabel = "rabbitmq,apogee",
        description = "Brokers, in the order each scenario runs them (default: ${DEFAULT-VALUE}).")
    List<StreamBroker> brokers;

    @Option(names = "--heap", defaultValue = "256m", description = "Apogee's heap, -Xms and -Xmx, touched at start: "
        + "the stream path keeps no message on it; 1g gave the same rates and four times the memory "
        + "(default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--out", defaultValue = "stream-compare.md", paramLabel = "FILE",
        description = "The Markdown table (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--work-dir", paramLabel = "DIR",
        description = "Where configs and logs go; stores are deleted after each run (default: a new temporary directory).")
    Path workDir;

    @Option(names = "--apogee-launcher", paramLabel = "FILE",
        description = "The script that starts Apogee as 'FILE broker -c CONF' (default: bin/apogee of this checkout).")
    Path apogeeLauncher;

    @Spec
    CommandSpec spec;

    private final PrintStream printed;

    /** A command printing its progress on {@code printed}. */
    public StreamCompareCommand(PrintStream printed) {
        this.printed = printed;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        validate();
        Path work = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("apogee-stream-compare-");
        printed.println("apogee perf stream-compare: logs and configs in " + work);
        String loadAtStart = loadAverage();
        List<StreamResult> results = new ArrayList<>();
        try (ChildProcesses children = new ChildProcesses()) {
            for (StreamScenario scenario : scenarios) {
                if (scenario.catchUp()) {
                    results.addAll(catchUpSideBySide(scenario, work, children));
                    continue;
                }
                for (StreamBroker broker : brokers) {
                    results.add(run(scenario, broker, work, children));
                }
            }
        }
        String table = StreamTable.markdown(preamble(loadAtStart), results);
        Files.writeString(out, table, StandardCharsets.UTF_8);
        printed.println();
        printed.print(table);
        printed.println("wrote " + out);
        return results.stream().allMatch(StreamResult::passed) ? 0 : 1;
    }

    private StreamResult run(StreamScenario scenario, StreamBroker broker, Path work, ChildProcesses children)
        throws InterruptedException {
        String name = "stream-" + scenario.letter() + "-" + broker.name().toLowerCase(Locale.ROOT);
        printed.printf(Locale.ROOT, "(%s) %s: starting the broker%n", scenario.letter(), broker.title());
        BrokerSettings settings = new BrokerSettings(work.resolve(name), heap, false, CpuPinning.NONE, false, 0);
        try (RunningBroker running = broker.start(this, settings, children)) {
            StreamResult result = new StreamLoad(scenario, broker, loadSettings(), running.streamPort(), running.pid(),
                printed).run();
            printed.printf(Locale.ROOT, "(%s) %s: %.0f published/s, %.0f consumed/s, confirm p99 %d us, %s%n",
                scenario.letter(), broker.title(), result.publishRate(), result.consumeRate(), result.p99Micros(),
                result.delivery().verdict());
            return result;
        } catch (IOException | RuntimeException e) {
            printed.printf(Locale.ROOT, "(%s) %s: %s%n", scenario.letter(), broker.title(), e);
            return StreamResult.failed(scenario, broker);
        }
    }

    /**
     * Scenario (d) with every broker running at once: each preloads its stream, then the reads take turns, a read of
     * one broker and then of the other, warm reads first, the measured ones in alternating order. So the client's
     * JIT and the machine's load change alike for both, and each measured read has a neighbour of the other broker
     * seconds away. A broker that fails to start or preload gets a failed row and the others go on; a failed read
     * fails the scenario's rows.
     */
    private List<StreamResult> catchUpSideBySide(StreamScenario scenario, Path work, ChildProcesses children)
        throws InterruptedException {
        List<RunningBroker> running = new ArrayList<>();
        List<StreamLoad> loads = new ArrayList<>();
        List<StreamResult> rows = new ArrayList<>();
        try {
            for (StreamBroker broker : brokers) {
                StreamLoad load = startAndPreload(scenario, broker, work, children, running);
                loads.add(load);
            }
            for (int i = 1; i <= warmReads; i++) {
                for (StreamLoad load : loads) {
                    if (load != null) {
                        load.warmRead(i);
                    }
                }
            }
            for (int i = 1; i <= measuredReads; i++) {
                List<StreamLoad> turn = new ArrayList<>(loads);
                if (i % 2 == 0) {
                    Collections.reverse(turn); // each broker reads first as often as second
                }
                for (StreamLoad load : turn) {
                    if (load != null) {
                        load.measuredRead(i);
                    }
                }
            }
            for (int i = 0; i < loads.size(); i++) {
                StreamResult result = loads.get(i) == null ? StreamResult.failed(scenario, brokers.get(i))
                    : loads.get(i).catchUpRow();
                printed.printf(Locale.ROOT, "(%s) %s: %.0f published/s, %.0f consumed/s (median), %s%n", scenario.letter(),
                    result.broker().title(), result.publishRate(), result.consumeRate(), result.delivery().verdict());
                rows.add(result);
            }
        } catch (RuntimeException e) {
            printed.printf(Locale.ROOT, "(%s) side by side: %s%n", scenario.letter(), e);
            rows.clear();
            brokers.forEach(broker -> rows.add(StreamResult.failed(scenario, broker)));
        } finally {
            loads.stream().filter(Objects::nonNull).forEach(StreamLoad::close);
            running.forEach(RunningBroker::close);
        }
        return rows;
    }

    /** Starts {@code broker} fresh and preloads its stream; null, said on the console, if either failed. */
    private StreamLoad startAndPreload(StreamScenario scenario, StreamBroker broker, Path work, ChildProcesses children,
                                      List<RunningBroker> running) throws InterruptedException {
        String name = "stream-" + scenario.letter() + "-" + broker.name().toLowerCase(Locale.ROOT);
        printed.printf(Locale.ROOT, "(%s) %s: starting the broker%n", scenario.letter(), broker.title());
        BrokerSettings settings = new BrokerSettings(work.resolve(name), heap, false, CpuPinning.NONE, false, 0);
        StreamLoad load = null;
        try {
            RunningBroker started = broker.start(this, settings, children);
            running.add(started);
            load = new StreamLoad(scenario, broker, loadSettings(), started.streamPort(), started.pid(), printed);
            load.preload();
            return load;
        } catch (IOException | RuntimeException e) {
            printed.printf(Locale.ROOT, "(%s) %s: %s%n", scenario.letter(), broker.title(), e);
            if (load != null) {
                load.close();
            }
            return null;
        }
    }

    /** What every scenario's load shares. */
    StreamLoad.Settings loadSettings() {
        return new StreamLoad.Settings(producers, maxUnconfirmed, durationSeconds, warmupSeconds, catchUpMessages,
            warmReads, measuredReads, drainSeconds);
    }

    private void validate() {
        check(producers > 0 && producers <= 256, "--producers must be 1 to 256, not " + producers);
        check(maxUnconfirmed > 0, "--max-unconfirmed must be positive, not " + maxUnconfirmed);
        check(durationSeconds > 0, "--duration must be positive, not " + durationSeconds);
        check(warmupSeconds >= 0, "--warmup must be 0 or positive, not " + warmupSeconds);
        check(catchUpMessages > 0, "--catch-up-messages must be positive, not " + catchUpMessages);
        check(warmReads >= 0 && warmReads <= 100, "--warm-reads must be 0 to 100, not " + warmReads);
        check(measuredReads > 0 && measuredReads <= 100, "--measured-reads must be 1 to 100, not " + measuredReads);
        check(drainSeconds > 0, "--drain-timeout must be positive, not " + drainSeconds);
        check(!scenarios.isEmpty() && !brokers.isEmpty(), "give at least one scenario and broker");
        check(heap.matches("\\d+[kKmMgG]?"), "--heap must look like 512m or 1g, not " + heap);
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    private String preamble(String loadAtStart) {
        return String.format(Locale.ROOT, "`apogee perf stream-compare %s`: %s, %d cores, load average %s at the start "
                + "and %s at the end, JVM %s, Apogee with -Xms%s -Xmx%s "
                + "and G1, RabbitMQ with its defaults; each broker started fresh for each scenario; RabbitMQ's Java stream "
                + "client, %d producers with at most %d unconfirmed messages each; %d s of publishing measured per "
                + "scenario after a %d s warmup%s.",
            String.join(" ", spec.commandLine().getParseResult().originalArgs()),
            Instant.now().truncatedTo(ChronoUnit.MINUTES), Runtime.getRuntime().availableProcessors(), loadAtStart,
            loadAverage(), System.getProperty("java.version"), heap, heap, producers, maxUnconfirmed, durationSeconds, warmupSeconds,
            scenarios.contains(StreamScenario.D)
                ? String.format(Locale.ROOT, "; (d): %,d messages preloaded, read %d times unmeasured, then %d times "
                    + "measured (the median rate)", catchUpMessages, warmReads, measuredReads) : "");
    }

    /** The machine's load averages over 1, 5 and 15 minutes, from /proc/loadavg; "unknown" without it. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ");
            return fields[0] + " / " + fields[1] + " / " + fields[2];
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    /** The script that starts Apogee: {@code --apogee-launcher}, or bin/apogee of this checkout. */
    Path apogeeLauncher() throws IOException {
        if (apogeeLauncher != null) {
            return apogeeLauncher;
        }
        String home = System.getProperty("apogee.home");
        if (home == null) {
            throw new IOException("apogee.home is not set: run through bin/apogee perf stream-compare");
        }
        return Path.of(home, "bin/apogee");
    }

    /** A picocli command line for this command, with enum values accepted in any case. */
    public CommandLine commandLine() {
        return new CommandLine(this).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
