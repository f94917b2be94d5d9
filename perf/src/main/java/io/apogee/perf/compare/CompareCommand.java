package io.apogee.perf.compare;

import io.apogee.launcher.Ports;
import io.apogee.perf.PerfMain;
import io.apogee.perf.client.ClientKind;
import io.apogee.perf.process.ChildProcesses;
import io.apogee.perf.process.IdleReport;
import io.apogee.perf.process.IdleWatch;
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
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code apogee perf compare}: for each scenario and client, starts Apache RocketMQ and then Apogee, each fresh, with
 * the same heap and flush mode, runs the scenario's {@code apogee perf} as a child JVM against it with
 * {@code --broker-pid} (and a pair's {@code --slave-pid}), stops it, and finally writes the Markdown table. Every child
 * process is killed when the tool exits, even on failure. Not thread-safe: picocli fills the fields, then
 * {@link #call()} runs once.
 */
@Command(name = "apogee perf compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Runs the same scenarios against Apache RocketMQ 5.4.0 and Apogee, one after the other, and writes "
        + "a Markdown table. Exit code 0: every run passed; 1: a run failed or lost messages; 2: bad options.")
public final class CompareCommand implements Callable<Integer> {
    private static final long SLACK_SECONDS = 900;
    private static final String ROCKETMQ_CLASSPATH_FILE = "perf/target/rocketmq-classpath.txt";

    @Option(names = "--scenarios", split = ",", defaultValue = "a,b,c,d,e,g", paramLabel = "a,b,...,j",
        description = "Scenarios to run (default: ${DEFAULT-VALUE}): (a) produce only, 1 KiB, sync, 32 threads; "
            + "(b) the same with one consumer group; (c) batches of 32 x 1 KiB, 8 threads; (d) catch-up, read once "
            + "to warm up, then measured; (e) as (a) with SYNC_FLUSH; (f) timer messages due 2 s after their send, "
            + "with one consumer group (not in the default set); (g) as (c) with one consumer group; (h) as (a) with "
            + "both brokers taking TLS only and every client over TLS (not in the default set); (i) as (a) against a "
            + "SYNC_MASTER and one slave, (j) against an ASYNC_MASTER and one slave (neither in the default set).")
    List<Scenario> scenarios;

    @Option(names = "--queues", defaultValue = "0",
        description = "Create each scenario's topic with this many queues on both brokers first (0: created on the "
            + "first send, with each broker's default count) (default: ${DEFAULT-VALUE}).")
    int queues;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "MSGS",
        description = "Limit every row but (d) to this many messages/s in all, to compare CPU per message at part of "
            + "full load (0: as fast as each broker goes) (default: ${DEFAULT-VALUE}).")
    int rate;

    @Option(names = "--duration", defaultValue = "60", paramLabel = "SECONDS",
        description = "Sending time of each scenario but (d) (default: ${DEFAULT-VALUE}).")
    int durationSeconds;

    @Option(names = "--warmup", defaultValue = "10", paramLabel = "SECONDS",
        description = "Sending before each scenario but (d) is measured, not counted (default: ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--catch-up-messages", defaultValue = "2000000",
        description = "Messages of 100 B preloaded for (d) (default: ${DEFAULT-VALUE}).")
    int catchUpMessages;

    @Option(names = "--clients", split = ",", defaultValue = "apogee", paramLabel = "apogee,official",
        description = "Clients to drive each broker with (default: ${DEFAULT-VALUE}).")
    List<ClientKind> clients;

    @Option(names = "--brokers", split = ",", defaultValue = "rocketmq,apogee", paramLabel = "rocketmq,apogee",
        description = "Brokers, in the order each scenario runs them (default: ${DEFAULT-VALUE}).")
    List<BrokerKind> brokers;

    @Option(names = "--heap", defaultValue = "1g", description = "Heap of both brokers, -Xms and -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--out", defaultValue = "compare.md", paramLabel = "FILE",
        description = "The Markdown table (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--work-dir", paramLabel = "DIR",
        description = "Where configs, logs and per-run JSON go; stores are deleted after each run (default: a new temporary directory).")
    Path workDir;

    @Option(names = "--rocketmq-classpath", paramLabel = "CLASSPATH",
        description = "Class path of Apache RocketMQ's name server and broker (default: the one the build wrote to "
            + ROCKETMQ_CLASSPATH_FILE + ").")
    String rocketMqClassPath;

    @Option(names = "--apogee-launcher", paramLabel = "FILE",
        description = "The script that starts Apogee as 'FILE broker -c CONF' (default: bin/apogee of this checkout).")
    Path apogeeLauncher;

    @Option(names = "--pin",
        description = "Pin the brokers to the first half of the cores and the load generator to the rest (CPU 0 and 1 of 2).")
    boolean pin;

    @Option(names = "--broker-cpus", paramLabel = "LIST",
        description = "Pin the brokers (and RocketMQ's name server) to these CPUs with taskset, e.g. 0 or 0-1.")
    String brokerCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST", description = "Pin the load generator to these CPUs with taskset.")
    String clientCpus;

    @Option(names = "--metrics",
        description = "Run both brokers with their Prometheus exporter on (RocketMQ 5's metricsExporterType=PROM), scraped "
            + "during each run (every --metrics-scrape-interval seconds), to show what metrics cost beside a run without.")
    private boolean metrics;

    @Option(names = "--metrics-scrape-interval", defaultValue = "1", paramLabel = "SECONDS",
        description = "With --metrics, the seconds between two scrapes of /metrics, 1 to 3600 (default: ${DEFAULT-VALUE}; "
            + "Prometheus's default is 60, 15 is common).")
    int metricsScrapeSeconds;

    @Option(names = "--idle", defaultValue = "0", paramLabel = "SECONDS",
        description = "Before the scenarios, start each broker, leave it alone for --warmup seconds, then watch it idle "
            + "this long: wake-ups per second, CPU and system calls (default: ${DEFAULT-VALUE}, not measured).")
    int idleSeconds;

    @Spec
    CommandSpec spec;

    private final PrintStream printed;

    /** A command printing its progress on {@code printed}. */
    public CompareCommand(PrintStream printed) {
        this.printed = printed;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        validate();
        Path work = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("apogee-compare-");
        printed.println("apogee perf compare: logs, configs and JSON in " + work);
        List<ScenarioResult> results = new ArrayList<>();
        List<IdleResult> idle = new ArrayList<>();
        try (ChildProcesses children = new ChildProcesses()) {
            if (idleSeconds > 0) {
                for (BrokerKind broker : brokers) {
                    idle.add(idle(broker, work, children));
                }
            }
            for (Scenario scenario : scenarios) {
                for (ClientKind client : clients) {
                    for (BrokerKind broker : brokers) {
                        results.add(run(scenario, client, broker, work, children));
                    }
                }
            }
        }
        String table = ComparisonTable.markdown(preamble(), results) + IdleTable.markdown(idle);
        Files.writeString(out, table, StandardCharsets.UTF_8);
        printed.println();
        printed.print(table);
        printed.println("wrote " + out);
        return results.stream().allMatch(ScenarioResult::passed) && idle.stream().allMatch(IdleResult::measured) ? 0 : 1;
    }

    /** Starts {@code broker} fresh, leaves it alone for the warmup, then watches it idle. */
    private IdleResult idle(BrokerKind broker, Path work, ChildProcesses children) throws InterruptedException {
        String name = "idle-" + broker.name().toLowerCase(Locale.ROOT);
        printed.printf(Locale.ROOT, "(idle) %s: starting the broker%n", broker.title());
        try (RunningBroker running = broker.start(this, new BrokerSettings(work.resolve(name), heap, false, pinning(), false,
                 metricsPort()), children)) {
            TimeUnit.SECONDS.sleep(warmupSeconds);
            printed.printf(Locale.ROOT, "(idle) %s: watching pid %d for %d s%n", broker.title(), running.pid(), idleSeconds);
            IdleReport report = IdleWatch.watch(running.pid(), idleSeconds);
            printed.print(report.text(IdleTable.TOP_THREADS));
            return new IdleResult(broker, report);
        } catch (IOException | IllegalArgumentException e) {
            printed.printf(Locale.ROOT, "(idle) %s: %s%n", broker.title(), e.getMessage());
            return new IdleResult(broker, null);
        }
    }

    /** A free port for a broker's Prometheus exporter with --metrics, or 0 (off). */
    private int metricsPort() throws IOException {
        return metrics ? Ports.free() : 0;
    }

    /** Where the brokers and the load generator run: --pin, or --broker-cpus and --client-cpus. */
    CpuPinning pinning() {
        return pin ? CpuPinning.split(Runtime.getRuntime().availableProcessors()) : new CpuPinning(brokerCpus, clientCpus);
    }

    private void validate() {
        check(durationSeconds > 0, "--duration must be positive, not " + durationSeconds);
        check(warmupSeconds >= 0, "--warmup must be 0 or positive, not " + warmupSeconds);
        check(queues >= 0 && queues <= 1024, "--queues must be 0 to 1024, not " + queues);
        check(rate >= 0, "--rate must be 0 (no limit) or positive, not " + rate);
        check(catchUpMessages > 0, "--catch-up-messages must be positive, not " + catchUpMessages);
        check(!scenarios.isEmpty() && !clients.isEmpty() && !brokers.isEmpty(), "give at least one scenario, client and broker");
        check(heap.matches("\\d+[kKmMgG]?"), "--heap must look like 512m or 1g, not " + heap);
        check(idleSeconds >= 0, "--idle must be 0 or positive, not " + idleSeconds);
        check(metricsScrapeSeconds >= 1 && metricsScrapeSeconds <= 3600,
            "--metrics-scrape-interval must be 1 to 3600 seconds, not " + metricsScrapeSeconds);
        check(!pin || brokerCpus == null && clientCpus == null, "give --pin or --broker-cpus and --client-cpus, not both");
        check(!pin || Runtime.getRuntime().availableProcessors() >= 2, "--pin needs 2 cores or more");
        check(brokerCpus == null || CpuPinning.isCpuList(brokerCpus), "--broker-cpus must be a CPU list such as 0 or 0-1, not "
            + brokerCpus);
        check(clientCpus == null || CpuPinning.isCpuList(clientCpus), "--client-cpus must be a CPU list such as 1 or 2-3, not "
            + clientCpus);
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    private ScenarioResult run(Scenario scenario, ClientKind client, BrokerKind broker, Path work, ChildProcesses children)
        throws IOException, InterruptedException {
        String clientName = client.name().toLowerCase(Locale.ROOT);
        String name = scenario.letter() + "-" + clientName + "-" + broker.name().toLowerCase(Locale.ROOT);
        printed.printf(Locale.ROOT, "(%s) %s, %s client: starting the broker%n", scenario.letter(), broker.title(), clientName);
        BrokerSettings settings = new BrokerSettings(work.resolve(name), heap, scenario.syncFlush(), pinning(),
            scenario.tls(), metricsPort());
        try (RunningBroker running = scenario.masterRole() == null ? broker.start(this, settings, children)
                 : broker.startPair(this, settings, scenario.masterRole(), children);
             MetricsScraper scraper = metrics
                 ? MetricsScraper.start(settings.metricsPort(), Duration.ofSeconds(metricsScrapeSeconds)) : null) {
            Path json = work.resolve(name + ".json");
            Path log = work.resolve(name + ".log");
            List<String> command = perfCommand(scenario, client, broker, running, json);
            Process perf = children.start(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
            long limit = (scenario == Scenario.D ? 0 : warmupSeconds + durationSeconds) + SLACK_SECONDS;
            if (!perf.waitFor(limit, TimeUnit.SECONDS)) {
                printed.printf(Locale.ROOT, "(%s) %s: perf did not finish within %d s; see %s%n", scenario.letter(),
                    broker.title(), limit, log);
                children.stop(perf);
                return ScenarioResult.failed(scenario, broker, clientName);
            }
            children.stop(perf);
            if (!Files.exists(json)) {
                printed.printf(Locale.ROOT, "(%s) %s: perf exited with %d and wrote no figures; see %s%n", scenario.letter(),
                    broker.title(), perf.exitValue(), log);
                return ScenarioResult.failed(scenario, broker, clientName);
            }
            ScenarioResult result = ScenarioResult.read(scenario, broker, clientName, perf.exitValue() == 0, json);
            printed.printf(Locale.ROOT, "(%s) %s, %s client: %.0f sent/s, %.0f consumed/s, send p99 %d us, %s%n",
                scenario.letter(), broker.title(), clientName, result.sendRate(), result.consumeRate(), result.p99Micros(),
                result.passed() ? "verified" : "FAILED, see " + log);
            if (scraper != null) {
                printed.printf(Locale.ROOT, "(%s) %s metrics: %s%n", scenario.letter(), broker.title(), scraper.summary());
            }
            return result;
        } catch (IOException e) {
            printed.printf(Locale.ROOT, "(%s) %s: %s%n", scenario.letter(), broker.title(), e.getMessage());
            return ScenarioResult.failed(scenario, broker, clientName);
        }
    }

    private List<String> perfCommand(Scenario scenario, ClientKind client, BrokerKind broker, RunningBroker running,
                                     Path json) {
        List<String> command = perfJvm(scenario);
        command.addAll(scenario.options(durationSeconds, catchUpMessages));
        if (scenario != Scenario.D) {
            command.addAll(List.of("--warmup", Integer.toString(warmupSeconds)));
        }
        if (rate > 0 && scenario != Scenario.D) {
            command.addAll(List.of("--rate", Integer.toString(rate)));
        }
        if (queues > 0) {
            command.addAll(List.of("--queues", Integer.toString(queues)));
        }
        command.addAll(List.of("--namesrv", running.nameServer(), "--topic", "Compare_" + scenario.letter() + "_"
                + Long.toHexString(System.nanoTime()), "--client", client.name().toLowerCase(Locale.ROOT),
            "--broker-pid", Long.toString(running.pid()), "--json", json.toString(), "--drain-timeout",
            Long.toString(SLACK_SECONDS / 2), "--label", broker.title() + ", " + client.name().toLowerCase(Locale.ROOT)
                + " client"));
        if (running.slavePid() > 0) {
            command.addAll(List.of("--slave-pid", Long.toString(running.slavePid())));
        }
        return pinning().client(command);
    }

    /** The java command line of a scenario's {@code apogee perf}, up to its main class. */
    static List<String> perfJvm(Scenario scenario) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED"));
        if (scenario.tls()) {
            command.add(BrokerSettings.NO_HOST_NAME_CHECK);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PerfMain.class.getName()));
        return command;
    }

    private String preamble() {
        return String.format(Locale.ROOT, "`apogee perf compare %s`: %s, %d cores, JVM %s, both brokers with -Xms%s -Xmx%s "
                + "and G1, each started fresh for each scenario; %d s of sending measured per scenario after a %d s warmup%s%s%s%s; "
                + "%s.",
            String.join(" ", spec.commandLine().getParseResult().originalArgs()),
            Instant.now().truncatedTo(ChronoUnit.MINUTES), Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version"), heap, heap, durationSeconds, warmupSeconds,
            scenarios.contains(Scenario.D) ? String.format(Locale.ROOT, " ((d): %,d messages preloaded)", catchUpMessages) : "",
            queues > 0 ? String.format(Locale.ROOT, "; each topic created with %d queues", queues) : "",
            rate > 0 ? String.format(Locale.ROOT, "; sends limited to %,d messages/s", rate) : "",
            metrics ? String.format(Locale.ROOT, "; metrics on in both brokers (Prometheus exporter, scraped every %d s)",
                metricsScrapeSeconds) : "",
            pinning().describe());
    }

    /** The class path of Apache RocketMQ: {@code --rocketmq-classpath}, or the file the build wrote. */
    String rocketMqClassPath() throws IOException {
        if (rocketMqClassPath != null) {
            return rocketMqClassPath;
        }
        Path file = home().resolve(ROCKETMQ_CLASSPATH_FILE);
        if (!Files.isReadable(file)) {
            throw new IOException("no " + file + ": build with bin/apogee perf, or give --rocketmq-classpath");
        }
        return Files.readString(file, StandardCharsets.UTF_8).strip();
    }

    /** The script that starts Apogee: {@code --apogee-launcher}, or bin/apogee of this checkout. */
    Path apogeeLauncher() throws IOException {
        return apogeeLauncher != null ? apogeeLauncher : home().resolve("bin/apogee");
    }

    private static Path home() throws IOException {
        String home = System.getProperty("apogee.home");
        if (home == null) {
            throw new IOException("apogee.home is not set: run through bin/apogee perf compare");
        }
        return Path.of(home);
    }

    /** A picocli command line for this command, with enum values accepted in any case. */
    public CommandLine commandLine() {
        return new CommandLine(this).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
