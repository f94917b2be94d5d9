package io.apogee.perf;

import io.apogee.perf.process.BrokerUsage;
import io.apogee.perf.process.ProcessActivity;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The figures of a finished run: totals, delivery verification, the send and end-to-end latency distributions
 * (microseconds) and what the run cost the client JVM; printed as text, written as JSON or, for the send latency,
 * in HdrHistogram's percentile format. Immutable once built (the histograms are not touched after the run).
 *
 * @param label       what the run is called in plots and tables
 * @param seconds     how long the run took, drain included
 * @param sendSeconds how long sending took, from the start to the last send's completion
 * @param consumeSeconds how long consuming took, from the first delivery to the last
 * @param sent        messages handed to the client
 * @param confirmed   messages the broker confirmed (oneway: written)
 * @param failed      messages whose send failed
 * @param consumed    deliveries of this run's messages
 * @param delivery    what the consumers received, or null when the run had no consumers
 * @param sendLatency send latency, microseconds
 * @param endToEnd    end-to-end latency, microseconds
 * @param client      garbage collections and CPU time of this JVM during the run
 * @param clientActivity this JVM's context switches and system calls during the run
 * @param broker      what the broker process cost during the run, or null without {@code --broker-pid}
 * @param slave       what the master's slave process cost over the same window, or null without {@code --slave-pid}
 */
public record FinalReport(String label, double seconds, double sendSeconds, double consumeSeconds, long sent,
                          long confirmed, long failed, long consumed, Delivery delivery, Histogram sendLatency,
                          Histogram endToEnd, JvmUsage client, ProcessActivity clientActivity, BrokerUsage broker,
                          BrokerUsage slave) {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final String[] PERCENTILE_NAMES = {"p50", "p90", "p99", "p99.9", "p99.99"};
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double BYTES_PER_MIB = 1024.0 * 1024;

    /** The figures of a run that watched no slave. */
    public FinalReport(String label, double seconds, double sendSeconds, double consumeSeconds, long sent,
                       long confirmed, long failed, long consumed, Delivery delivery, Histogram sendLatency,
                       Histogram endToEnd, JvmUsage client, ProcessActivity clientActivity, BrokerUsage broker) {
        this(label, seconds, sendSeconds, consumeSeconds, sent, confirmed, failed, consumed, delivery, sendLatency,
            endToEnd, client, clientActivity, broker, null);
    }

    /**
     * What the consumers received, checked against what the broker confirmed.
     *
     * @param receivedDistinct messages received intact, each counted once
     * @param lost             confirmed messages never received
     * @param corrupt          deliveries with a wrong size or checksum
     * @param duplicates       deliveries of a message already received
     * @param foreign          deliveries of earlier runs' messages, skipped
     * @param early            timer messages delivered before their time, or -1 when the run sent none
     */
    public record Delivery(long receivedDistinct, long lost, long corrupt, long duplicates, long foreign, long early) {
    }

    /** True unless consumers were attached and a confirmed message was lost or a delivery was corrupt. */
    public boolean passed() {
        return delivery == null || delivery.lost() == 0 && delivery.corrupt() == 0;
    }

    /** Confirmed messages per second of sending. */
    public double sendRate() {
        return confirmed / Math.max(sendSeconds, 1e-9);
    }

    /** Consumed messages per second, from the first delivery to the last; 0 without deliveries. */
    public double consumeRate() {
        return consumed < 2 ? 0 : consumed / Math.max(consumeSeconds, 1e-9);
    }

    /** The messages the broker handled: the larger of confirmed sends and deliveries. */
    public long brokerMessages() {
        return Math.max(confirmed, consumed);
    }

    /** The report as printed at the end of a run. */
    public void print(PrintStream out) {
        out.printf(Locale.ROOT,
            "totals: %.1f s (sending %.1f s), sent %d, confirmed %d, failed %d, consumed %d, %.0f confirmed/s%n",
            seconds, sendSeconds, sent, confirmed, failed, consumed, sendRate());
        if (consumed > 0) {
            out.printf(Locale.ROOT, "consumed: %.0f/s over %.1f s (first to last delivery)%n", consumeRate(), consumeSeconds);
        }
        if (delivery != null) {
            out.printf(Locale.ROOT, "verified: received %d distinct, lost %d, corrupt %d, duplicates %d, other runs %d -> %s%n",
                delivery.receivedDistinct(), delivery.lost(), delivery.corrupt(), delivery.duplicates(), delivery.foreign(),
                passed() ? "OK" : "FAILED");
            if (delivery.early() >= 0) {
                out.printf(Locale.ROOT, "timer messages: %d delivered before their time (end-to-end latency counts from "
                    + "the time asked for)%n", delivery.early());
            }
        }
        out.println(percentileLine("send latency (us):      ", sendLatency));
        if (endToEnd.getTotalCount() > 0) {
            out.println(percentileLine("end-to-end latency (us):", endToEnd));
        }
        out.printf(Locale.ROOT, "client: %d GCs (%d ms), CPU %.2f s%n", client.gcCount(), client.gcMillis(),
            client.cpuNanos() / NANOS_PER_SECOND);
        out.println(ActivityFigures.line("client", clientActivity, brokerMessages()));
        if (broker != null) {
            printUsage(out, "broker", broker);
        }
        if (slave != null) {
            printUsage(out, "slave", slave);
        }
    }

    /** The lines of a watched process, {@code who} being "broker" or "slave". */
    private void printUsage(PrintStream out, String who, BrokerUsage usage) {
        out.printf(Locale.ROOT, "%s (pid %d): CPU %.2f s, %.2f s per million messages, RSS %.0f MiB (peak %.0f MiB), %s%n",
            who, usage.pid(), usage.cpuSeconds(), usage.cpuSecondsPerMillion(brokerMessages()),
            usage.rssBytes() / BYTES_PER_MIB, usage.peakRssBytes() / BYTES_PER_MIB, usage.isJvm()
                ? String.format(Locale.ROOT, "%d young GCs (%.3f s)", usage.youngGcs(), usage.youngGcSeconds())
                : "no JVM GC figures (not a JVM, or no perf data)");
        out.println(ActivityFigures.line(who, usage.activity(), brokerMessages()));
    }

    private static String percentileLine(String title, Histogram histogram) {
        StringBuilder line = new StringBuilder(title);
        for (int i = 0; i < PERCENTILES.length; i++) {
            line.append(' ').append(PERCENTILE_NAMES[i]).append(' ').append(histogram.getValueAtPercentile(PERCENTILES[i]));
        }
        return line.append(" max ").append(histogram.getMaxValue()).append(" (n ").append(histogram.getTotalCount())
            .append(')').toString();
    }

    /** The figures as one JSON object; latencies in microseconds. */
    public String json() {
        StringBuilder json = new StringBuilder("{\"label\":").append(jsonString(label)).append(',');
        json.append(String.format(Locale.ROOT, "\"seconds\":%.3f,\"sendSeconds\":%.3f,\"consumeSeconds\":%.3f,", seconds,
            sendSeconds, consumeSeconds));
        json.append(String.format(Locale.ROOT, "\"sendRate\":%.1f,\"consumeRate\":%.1f,", sendRate(), consumeRate()));
        json.append("\"sent\":").append(sent).append(",\"confirmed\":").append(confirmed).append(",\"failed\":")
            .append(failed).append(",\"consumed\":").append(consumed).append(',');
        if (delivery != null) {
            json.append("\"delivery\":{\"receivedDistinct\":").append(delivery.receivedDistinct()).append(",\"lost\":")
                .append(delivery.lost()).append(",\"corrupt\":").append(delivery.corrupt()).append(",\"duplicates\":")
                .append(delivery.duplicates()).append(",\"otherRuns\":").append(delivery.foreign());
            if (delivery.early() >= 0) {
                json.append(",\"early\":").append(delivery.early());
            }
            json.append("},");
        }
        json.append("\"sendLatencyMicros\":").append(percentileJson(sendLatency)).append(',');
        json.append("\"endToEndLatencyMicros\":").append(percentileJson(endToEnd)).append(',');
        json.append("\"clientGcCount\":").append(client.gcCount()).append(",\"clientGcMillis\":").append(client.gcMillis());
        json.append(String.format(Locale.ROOT, ",\"clientCpuSeconds\":%.3f", client.cpuNanos() / NANOS_PER_SECOND));
        json.append(",\"clientActivity\":{").append(ActivityFigures.json(clientActivity, brokerMessages())).append('}');
        if (broker != null) {
            json.append(",\"broker\":").append(usageJson(broker));
        }
        if (slave != null) {
            json.append(",\"slave\":").append(usageJson(slave));
        }
        json.append(",\"sendLatencyCurve\":").append(LatencyCurve.of(sendLatency).json());
        json.append(",\"endToEndLatencyCurve\":").append(LatencyCurve.of(endToEnd).json());
        return json.append(",\"passed\":").append(passed()).append('}').toString();
    }

    /** A watched process's figures as one JSON object. */
    private String usageJson(BrokerUsage usage) {
        return String.format(Locale.ROOT, "{\"pid\":%d,\"cpuSeconds\":%.3f,\"cpuSecondsPerMillion\":%.4f,"
                + "\"rssBytes\":%d,\"peakRssBytes\":%d,\"youngGcs\":%d,\"youngGcSeconds\":%.3f,%s}", usage.pid(),
            usage.cpuSeconds(), usage.cpuSecondsPerMillion(brokerMessages()), usage.rssBytes(), usage.peakRssBytes(),
            usage.youngGcs(), usage.youngGcSeconds(), ActivityFigures.json(usage.activity(), brokerMessages()));
    }

    private static String percentileJson(Histogram histogram) {
        StringBuilder json = new StringBuilder("{\"count\":").append(histogram.getTotalCount());
        for (int i = 0; i < PERCENTILES.length; i++) {
            json.append(",\"").append(PERCENTILE_NAMES[i]).append("\":").append(histogram.getValueAtPercentile(PERCENTILES[i]));
        }
        return json.append(",\"max\":").append(histogram.getMaxValue()).append('}').toString();
    }

    private static String jsonString(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                quoted.append('\\').append(c);
            } else if (c < ' ') {
                quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }

    /** Writes {@link #json()} to {@code file}. */
    public void writeJson(Path file) throws IOException {
        Files.writeString(file, json() + System.lineSeparator(), StandardCharsets.UTF_8);
    }

    /** Writes the send latency in HdrHistogram's percentile (.hgrm) format, values in milliseconds. */
    public void writeSendHgrm(Path file) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            sendLatency.outputPercentileDistribution(out, MICROS_PER_MILLI);
        }
    }
}
