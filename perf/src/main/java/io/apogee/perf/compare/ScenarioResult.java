package io.apogee.perf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.perf.process.SyscallSource;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One row of the comparison: the figures of one scenario against one broker with one client, read from the run's
 * {@code --json} file. Immutable.
 *
 * @param scenario         the scenario
 * @param broker           the broker
 * @param client           the client's name
 * @param passed           whether the run moved messages and its verification passed (the perf exit code was 0)
 * @param sendRate         confirmed messages per second of sending
 * @param consumeRate      consumed messages per second, first to last delivery
 * @param p50Micros        send latency p50
 * @param p99Micros        send latency p99
 * @param p999Micros       send latency p99.9
 * @param maxMicros        send latency max
 * @param cpuPerMillion    broker CPU seconds per million messages
 * @param youngGcs         broker young collections, -1 if unknown
 * @param peakRssBytes     broker peak resident memory
 * @param clientCpuPerMillion CPU seconds of the perf JVM (the client) per million messages
 * @param brokerKernel     the broker's context switches and system calls per message
 * @param clientKernel     the client's
 * @param lateness         for timer messages, how late they arrived after the time asked for; otherwise null
 * @param slave            for a master-slave pair, what its slave cost (the broker figures being the master's);
 *                         otherwise null
 */
record ScenarioResult(Scenario scenario, BrokerKind broker, String client, boolean passed, double sendRate,
                      double consumeRate, long p50Micros, long p99Micros, long p999Micros, long maxMicros,
                      double cpuPerMillion, long youngGcs, long peakRssBytes, double clientCpuPerMillion,
                      KernelCost brokerKernel, KernelCost clientKernel, Lateness lateness, SlaveCost slave) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A row of a run against a single broker. */
    ScenarioResult(Scenario scenario, BrokerKind broker, String client, boolean passed, double sendRate,
                   double consumeRate, long p50Micros, long p99Micros, long p999Micros, long maxMicros,
                   double cpuPerMillion, long youngGcs, long peakRssBytes, double clientCpuPerMillion,
                   KernelCost brokerKernel, KernelCost clientKernel, Lateness lateness) {
        this(scenario, broker, client, passed, sendRate, consumeRate, p50Micros, p99Micros, p999Micros, maxMicros,
            cpuPerMillion, youngGcs, peakRssBytes, clientCpuPerMillion, brokerKernel, clientKernel, lateness, null);
    }

    /** A row of a run against a single broker, without timer messages. */
    ScenarioResult(Scenario scenario, BrokerKind broker, String client, boolean passed, double sendRate,
                   double consumeRate, long p50Micros, long p99Micros, long p999Micros, long maxMicros,
                   double cpuPerMillion, long youngGcs, long peakRssBytes, double clientCpuPerMillion) {
        this(scenario, broker, client, passed, sendRate, consumeRate, p50Micros, p99Micros, p999Micros, maxMicros,
            cpuPerMillion, youngGcs, peakRssBytes, clientCpuPerMillion, KernelCost.UNKNOWN, KernelCost.UNKNOWN, null);
    }

    /**
     * A process's context switches and system calls per message.
     *
     * @param voluntary   voluntary context switches per message, over all its threads
     * @param involuntary involuntary ones
     * @param syscalls    system calls per message, -1 if not counted
     * @param source      what the system calls count
     */
    record KernelCost(double voluntary, double involuntary, double syscalls, SyscallSource source) {
        /** Nothing known. */
        static final KernelCost UNKNOWN = new KernelCost(-1, -1, -1, SyscallSource.NONE);

        /** Context switches of both kinds per message, -1 if unknown. */
        double switches() {
            return voluntary < 0 ? -1 : voluntary + involuntary;
        }

        /** The figures of a JSON object {@code apogee perf --json} wrote, or {@link #UNKNOWN} if it has none. */
        static KernelCost read(JsonNode node, long messages) {
            if (!node.has("voluntarySwitches") || messages == 0) {
                return UNKNOWN;
            }
            SyscallSource source = SyscallSource.named(node.path("syscallSource").asText());
            return new KernelCost(node.path("voluntarySwitches").asDouble() / messages,
                node.path("involuntarySwitches").asDouble() / messages,
                source == SyscallSource.NONE ? -1 : node.path("syscalls").asDouble() / messages, source);
        }
    }

    /**
     * What the slave of a master-slave pair cost over the measured window, per message the pair handled.
     *
     * @param cpuPerMillion CPU seconds per million messages
     * @param peakRssBytes  peak resident memory
     * @param kernel        context switches and system calls per message
     */
    record SlaveCost(double cpuPerMillion, long peakRssBytes, KernelCost kernel) {
        /** The slave's figures in a JSON file's {@code slave} object, or null if it has none. */
        static SlaveCost read(JsonNode node, long messages) {
            if (!node.has("cpuSecondsPerMillion")) {
                return null;
            }
            return new SlaveCost(node.path("cpuSecondsPerMillion").asDouble(), node.path("peakRssBytes").asLong(),
                KernelCost.read(node, messages));
        }
    }

    /** The pair's CPU seconds per million messages, master plus slave; -1 when the row has no slave figures. */
    double pairCpuPerMillion() {
        return slave == null ? -1 : cpuPerMillion + slave.cpuPerMillion();
    }

    /**
     * How late timer messages arrived after the time they asked for.
     *
     * @param p50Micros end-to-end latency p50, counted from the time asked for
     * @param p99Micros its p99
     * @param early     deliveries before the time asked for
     */
    record Lateness(long p50Micros, long p99Micros, long early) {
    }

    /** The row of a run whose {@code --json} file is {@code json}. */
    static ScenarioResult read(Scenario scenario, BrokerKind broker, String client, boolean passed, Path json)
        throws IOException {
        JsonNode root = JSON.readTree(json.toFile());
        JsonNode send = root.path("sendLatencyMicros");
        JsonNode usage = root.path("broker");
        // a run that confirmed nothing (or, where consuming is the point, consumed nothing) verified nothing either
        boolean moved = root.path("confirmed").asLong() > 0 && (!scenario.consumes() || root.path("consumed").asLong() > 0);
        long messages = Math.max(root.path("confirmed").asLong(), root.path("consumed").asLong());
        return new ScenarioResult(scenario, broker, client, passed && moved && root.path("passed").asBoolean(false),
            root.path("sendRate").asDouble(), root.path("consumeRate").asDouble(), send.path("p50").asLong(),
            send.path("p99").asLong(), send.path("p99.9").asLong(), send.path("max").asLong(),
            usage.path("cpuSecondsPerMillion").asDouble(), usage.path("youngGcs").asLong(-1),
            usage.path("peakRssBytes").asLong(), perMillion(root.path("clientCpuSeconds").asDouble(), messages),
            KernelCost.read(usage, messages), KernelCost.read(root.path("clientActivity"), messages),
            root.path("delivery").has("early") ? new Lateness(root.path("endToEndLatencyMicros").path("p50").asLong(),
                root.path("endToEndLatencyMicros").path("p99").asLong(), root.path("delivery").path("early").asLong())
                : null, SlaveCost.read(root.path("slave"), messages));
    }

    /** A row for a run that produced no figures. */
    static ScenarioResult failed(Scenario scenario, BrokerKind broker, String client) {
        return new ScenarioResult(scenario, broker, client, false, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0);
    }

    private static double perMillion(double seconds, long messages) {
        return messages == 0 ? 0 : seconds * 1e6 / messages;
    }
}
