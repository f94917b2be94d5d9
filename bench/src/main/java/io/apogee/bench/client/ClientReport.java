package io.apogee.bench.client;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the client benchmarks with the GC profiler and prints one Markdown table: per path, the Apogee client's and
 * the official client's operations per second, bytes allocated per operation and per message, and the ratio.
 * Methods pair up by name: {@code apogee} and {@code rocketmq} of one benchmark class and shape form one row.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.apogee.bench.client.ClientReport [JMH options]}.
 */
public final class ClientReport {
    private static final String ALLOC_NORM = "gc.alloc.rate.norm";

    private ClientReport() {
    }

    /** Runs the client benchmarks (or those the arguments select) and prints the table. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        CommandLineOptions cli = new CommandLineOptions(args);
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cli).addProfiler(GCProfiler.class);
        if (cli.getIncludes().isEmpty()) {
            options.include("io\\.apogee\\.bench\\.client\\.Client(Send|Delivery)Benchmark");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        System.out.println();
        System.out.print(table(results));
    }

    /** The Markdown table for {@code results}. */
    static String table(Collection<RunResult> results) {
        Map<String, Map<String, double[]>> rows = new TreeMap<>();
        Map<String, Integer> messages = new TreeMap<>();
        for (RunResult run : results) {
            BenchmarkParams params = run.getParams();
            String benchmark = params.getBenchmark();
            int lastDot = benchmark.lastIndexOf('.');
            String className = benchmark.substring(benchmark.lastIndexOf('.', lastDot - 1) + 1, lastDot);
            String side = benchmark.substring(lastDot + 1);
            String shape = params.getParam("shape");
            String key = className.replace("Client", "").replace("Benchmark", "").toLowerCase(Locale.ROOT) + " " + shape;
            Result<?> alloc = run.getSecondaryResults().get(ALLOC_NORM);
            rows.computeIfAbsent(key, k -> new TreeMap<>()).put(side,
                new double[] {run.getPrimaryResult().getScore(), alloc == null ? Double.NaN : alloc.getScore()});
            messages.put(key, Integer.parseInt(shape.substring(0, shape.indexOf('x'))));
        }
        StringBuilder out = new StringBuilder();
        out.append("| path | Apogee ops/s | Apogee B/op | Apogee B/msg | official ops/s | official B/op | official B/msg "
            + "| Apogee / official |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, Map<String, double[]>> row : rows.entrySet()) {
            int count = messages.get(row.getKey());
            double[] apogee = row.getValue().get("apogee");
            double[] official = row.getValue().get("rocketmq");
            out.append("| ").append(row.getKey())
                .append(" | ").append(number(apogee, 0, 1)).append(" | ").append(number(apogee, 1, 1))
                .append(" | ").append(number(apogee, 1, count))
                .append(" | ").append(number(official, 0, 1)).append(" | ").append(number(official, 1, 1))
                .append(" | ").append(number(official, 1, count))
                .append(" | ").append(ratio(apogee, official)).append(" |\n");
        }
        return out.toString();
    }

    private static String number(double[] side, int index, int divisor) {
        if (side == null || Double.isNaN(side[index])) {
            return "";
        }
        double value = side[index] / divisor;
        return String.format(Locale.ROOT, value < 10 ? "%,.1f" : "%,.0f", value);
    }

    private static String ratio(double[] numerator, double[] denominator) {
        if (numerator == null || denominator == null || denominator[0] == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.1fx", numerator[0] / denominator[0]);
    }
}
