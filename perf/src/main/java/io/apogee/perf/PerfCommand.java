package io.apogee.perf;

import io.apogee.common.time.Clock;
import io.apogee.perf.client.ClientKind;
import io.apogee.perf.client.NameServers;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The options of {@code apogee perf}, their checks, and the command that runs a {@link PerfRun} with them and writes
 * the requested files. Not thread-safe: picocli fills the fields, then {@link #call()} runs once on the main thread.
 */
@Command(name = "apogee perf", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Sends and consumes messages through a RocketMQ-compatible broker and reports rates and latency "
        + "percentiles once a second and at the end. Exit code 0: run passed; 1: lost or corrupt messages; 2: bad options.")
public final class PerfCommand implements Callable<Integer> {
    /** The largest body the tool sends (RocketMQ's default maximum message size). */
    static final int MAX_SIZE = 4 * 1024 * 1024;
    /** The most messages a {@code --messages} run sends (sequence numbers are checked in a bit set). */
    static final long MAX_MESSAGES = Integer.MAX_VALUE;
    static final int DEFAULT_DURATION_SECONDS = 60;
    /** The most queues {@code --queues} asks for (RocketMQ's brokers take up to 1,024 per topic by default). */
    static final int MAX_QUEUES = 1024;
    /** The most --warm-reads takes: each reads the whole backlog. */
    static final int MAX_WARM_READS = 10;

    @Option(names = "--namesrv", required = true, paramLabel = "HOST:PORT[;HOST:PORT]", description = "Name servers.")
    String nameServers;

    @Option(names = "--tls", description = "Connect over TLS, trusting any server certificate (as RocketMQ's test mode).")
    boolean tls;

    @Option(names = "--topic", defaultValue = "ApogeePerf", description = "Topic (default: ${DEFAULT-VALUE}).")
    String topic;

    @Option(names = "--producers", defaultValue = "1", description = "Producer threads (default: ${DEFAULT-VALUE}).")
    int producers;

    @Option(names = "--size", defaultValue = "1024",
        description = "Body size in bytes, at least 28 (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--batch", defaultValue = "1",
        description = "Messages per send; above 1 needs --send sync (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--rate", defaultValue = "0", description = "Messages per second over all producers, 0 for no limit.")
    long rate;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Send for this long (default 60 s unless --messages).")
    Integer durationSeconds;

    @Option(names = "--messages", description = "Send this many messages, then stop.")
    Long messages;

    @Option(names = "--warmup", defaultValue = "0", paramLabel = "SECONDS",
        description = "Send this long first without counting it in the final figures; a --duration run sends for "
            + "warmup plus duration (default: ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--send", defaultValue = "sync", description = "sync, async or oneway (default: ${DEFAULT-VALUE}).")
    SendMode send;

    @Option(names = "--deliver-after", defaultValue = "0", paramLabel = "MILLIS",
        description = "Send timer messages due this long after their send (TIMER_DELAY_MS); end-to-end latency then "
            + "counts from the time asked for, and deliveries before it are counted (default: ${DEFAULT-VALUE}, plain).")
    long deliverAfterMillis;

    @Option(names = "--consumers", defaultValue = "0", description = "Push consumers, one group (default: ${DEFAULT-VALUE}).")
    int consumers;

    @Option(names = "--group", description = "Consumer group (default: a fresh group per run).")
    String group;

    @Option(names = "--from", defaultValue = "first",
        description = "first or last: where a fresh group starts (default: ${DEFAULT-VALUE}).")
    StartFrom from;

    @Option(names = "--consume-after-send",
        description = "Start the consumers only once every message is sent (a catch-up read of what is stored).")
    boolean consumeAfterSend;

    @Option(names = "--queues", defaultValue = "0",
        description = "Create the topic with this many queues before sending (0: the broker creates it on the first "
            + "send, with its default count) (default: ${DEFAULT-VALUE}).")
    int queues;

    @Option(names = "--warm-read",
        description = "With --consume-after-send: first read the whole backlog once with another group, verified but "
            + "not measured, so that the measured read runs on warmed-up code in client and broker alike "
            + "(--warm-reads 1).")
    boolean warmRead;

    @Option(names = "--warm-reads", defaultValue = "0", paramLabel = "N",
        description = "With --consume-after-send: read the whole backlog N times first, each with a group of its own, "
            + "verified but not measured (default: ${DEFAULT-VALUE}; 1 with --warm-read).")
    int warmReads;

    /** Reads of the backlog before the measured one: --warm-reads, or 1 for --warm-read. */
    int warmReadCount() {
        return warmRead ? Math.max(warmReads, 1) : warmReads;
    }

    @Option(names = "--client", defaultValue = "apogee",
        description = "apogee or official (Apache RocketMQ's DefaultMQProducer and DefaultMQPushConsumer) (default: ${DEFAULT-VALUE}).")
    ClientKind client;

    @Option(names = "--broker-pid", paramLabel = "PID",
        description = "Also report this broker process's CPU per million messages, RSS and (for a JVM) young GCs.")
    Long brokerPid;

    @Option(names = "--slave-pid", paramLabel = "PID",
        description = "With --broker-pid (a master's): also report its slave process's figures over the same window.")
    Long slavePid;

    @Option(names = "--label", description = "The run's name in --json and --plot (default: the client's name).")
    String label;

    @Option(names = "--drain-timeout", defaultValue = "60", paramLabel = "SECONDS",
        description = "After sending, how long to wait for consumers to receive everything (default: ${DEFAULT-VALUE}).")
    int drainTimeoutSeconds;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the final figures as JSON.")
    Path json;

    @Option(names = "--hgrm", paramLabel = "FILE", description = "Write the send latency histogram (HdrHistogram percentile format, ms).")
    Path hgrm;

    @Option(names = "--plot", paramLabel = "FILE",
        description = "Write a latency-percentile chart of send and end-to-end latency (.html, or .svg).")
    Path plot;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final Clock clock;

    /** A command printing to {@code out}, timing with {@code clock}. */
    public PerfCommand(PrintStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /** Checks the options together; throws picocli's {@link ParameterException} with a clear message. */
    void validate() {
        positive("--producers", producers);
        positive("--batch", batch);
        check(size >= PerfPayload.HEADER_LENGTH && size <= MAX_SIZE,
            "--size must be between " + PerfPayload.HEADER_LENGTH + " and " + MAX_SIZE + " bytes, not " + size);
        check(rate >= 0, "--rate must be 0 (no limit) or positive, not " + rate);
        check(consumers >= 0, "--consumers must be 0 or positive, not " + consumers);
        check(warmupSeconds >= 0, "--warmup must be 0 or positive, not " + warmupSeconds);
        check(drainTimeoutSeconds >= 0, "--drain-timeout must be 0 or positive, not " + drainTimeoutSeconds);
        check(durationSeconds == null || messages == null, "give --duration or --messages, not both");
        check(durationSeconds == null || durationSeconds > 0, "--duration must be positive, not " + durationSeconds);
        check(messages == null || messages > 0 && messages <= MAX_MESSAGES,
            "--messages must be between 1 and " + MAX_MESSAGES + ", not " + messages);
        check(batch == 1 || send == SendMode.SYNC, "--batch above 1 needs --send sync (batches are sent sync)");
        check(!topic.isBlank(), "--topic must not be blank");
        check(deliverAfterMillis >= 0, "--deliver-after must be 0 or positive, not " + deliverAfterMillis);
        check(deliverAfterMillis == 0 || batch == 1, "--deliver-after needs --batch 1 (brokers time single messages only)");
        check(!consumeAfterSend || consumers > 0, "--consume-after-send needs --consumers");
        check(!warmRead || consumeAfterSend, "--warm-read needs --consume-after-send");
        check(warmReads >= 0 && warmReads <= MAX_WARM_READS, "--warm-reads must be 0 to " + MAX_WARM_READS + ", not " + warmReads);
        check(warmReads == 0 || consumeAfterSend, "--warm-reads needs --consume-after-send");
        check(queues >= 0 && queues <= MAX_QUEUES, "--queues must be 0 to " + MAX_QUEUES + ", not " + queues);
        check(brokerPid == null || brokerPid > 0, "--broker-pid must be positive, not " + brokerPid);
        check(slavePid == null || slavePid > 0, "--slave-pid must be positive, not " + slavePid);
        check(slavePid == null || brokerPid != null, "--slave-pid needs --broker-pid (the master's)");
        check(slavePid == null || !slavePid.equals(brokerPid), "--slave-pid must differ from --broker-pid");
    }

    private void positive(String name, int value) {
        check(value > 0, name + " must be positive, not " + value);
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /** The run's message limit: {@code --messages}, or none for a duration run. */
    long messageLimit() {
        return messages == null ? Long.MAX_VALUE : messages;
    }

    /** The run's duration in seconds, or 0 for a {@code --messages} run. */
    int durationLimitSeconds() {
        if (messages != null) {
            return 0;
        }
        return durationSeconds == null ? DEFAULT_DURATION_SECONDS : durationSeconds;
    }

    /** The name servers, and whether to connect over TLS. */
    NameServers servers() {
        return new NameServers(nameServers, tls);
    }

    /** The run's name: {@code --label}, or the client's name. */
    String runLabel() {
        return label != null ? label : client.name().toLowerCase(Locale.ROOT) + " client";
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        validate();
        FinalReport report = new PerfRun(this, out, clock).run();
        report.print(out);
        if (json != null) {
            report.writeJson(json);
        }
        if (hgrm != null) {
            report.writeSendHgrm(hgrm);
        }
        if (plot != null) {
            PlotWriter.write(plot, "apogee perf: " + report.label(), List.of(new PlotWriter.Series(report.label(),
                LatencyCurve.of(report.sendLatency()), LatencyCurve.of(report.endToEnd()))));
        }
        return report.passed() ? 0 : 1;
    }

    /** A picocli command line for this command, with enum values accepted in any case. */
    public CommandLine commandLine() {
        return new CommandLine(this).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
