package io.apogee.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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
 * Runs the codec benchmarks with the GC profiler and {@link CpuTimeProfiler} and prints one Markdown table: for
 * every benchmark and parameter set, Apogee's ops/s and bytes per op beside RocketMQ's and the copy floor's, with
 * the ratios, then the process CPU microseconds per op of both sides and their ratio.
 * Methods pair up by name: {@code apogeeX}, {@code rocketmqX} and {@code floorX} form one row "X". A row with
 * no {@code rocketmqX} of its own (an Apogee variant such as {@code apogeeStrings}) is compared with the plain
 * {@code rocketmq} method of the same benchmark and parameters, and its ratio is marked with an asterisk.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.apogee.bench.CodecReport [JMH options, e.g. a benchmark regex]}.
 */
public final class CodecReport {
    private static final String[] SIDES = {"apogee", "rocketmq", "floor"};
    private static final String ALLOC_NORM = "gc.alloc.rate.norm";

    private CodecReport() {
    }

    /** Runs the benchmarks the arguments select (all codec benchmarks by default) and prints the table. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        CommandLineOptions cli = new CommandLineOptions(args);
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cli).addProfiler(GCProfiler.class)
            .addProfiler(CpuTimeProfiler.class);
        if (cli.getIncludes().isEmpty()) {
            options.include("io\\.apogee\\.bench\\.(BatchEncode|EncodeOne|PullBodyDecode|HeaderCodec|BuildEncode|DecodeRead)Benchmark");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        System.out.println();
        System.out.print(table(results));
    }

    /** The Markdown table for {@code results}. */
    static String table(Collection<RunResult> results) {
        Map<String, Map<String, double[]>> rows = new TreeMap<>();
        Map<String, String> plainRows = new TreeMap<>();
        for (RunResult run : results) {
            BenchmarkParams params = run.getParams();
            String benchmark = params.getBenchmark();
            String className = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1,
                benchmark.lastIndexOf('.'));
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String side = sideOf(method);
            if (side == null) {
                continue;
            }
            String operation = method.substring(side.length());
            String name = className.replace("Benchmark", "");
            String key = name + (operation.isEmpty() ? "" : " " + operation) + " " + paramText(params);
            plainRows.put(key, name + " " + paramText(params));
            Result<?> primary = run.getPrimaryResult();
            Result<?> alloc = run.getSecondaryResults().get(ALLOC_NORM);
            Result<?> cpu = run.getSecondaryResults().get(CpuTimeProfiler.CPU_NORM);
            rows.computeIfAbsent(key, k -> new TreeMap<>()).put(side, new double[] {primary.getScore(),
                alloc == null ? Double.NaN : alloc.getScore(), cpu == null ? Double.NaN : cpu.getScore()});
        }
        StringBuilder out = new StringBuilder();
        out.append("| benchmark | Apogee ops/s | Apogee B/op | RocketMQ ops/s | RocketMQ B/op | floor ops/s "
            + "| Apogee / RocketMQ | floor / Apogee | Apogee CPU µs/op | RocketMQ CPU µs/op "
            + "| RocketMQ CPU / Apogee CPU |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, Map<String, double[]>> row : rows.entrySet()) {
            double[] apogee = row.getValue().get("apogee");
            double[] rocketmq = row.getValue().get("rocketmq");
            double[] floor = row.getValue().get("floor");
            String mark = "";
            if (rocketmq == null && rows.containsKey(plainRows.get(row.getKey()))) {
                rocketmq = rows.get(plainRows.get(row.getKey())).get("rocketmq");
                mark = rocketmq == null ? "" : "*";
            }
            out.append("| ").append(row.getKey())
                .append(" | ").append(ops(apogee)).append(" | ").append(bytes(apogee))
                .append(" | ").append(ops(rocketmq)).append(" | ").append(bytes(rocketmq))
                .append(" | ").append(ops(floor))
                .append(" | ").append(ratio(apogee, rocketmq)).append(mark).append(" | ").append(ratio(floor, apogee))
                .append(" | ").append(cpu(apogee)).append(" | ").append(cpu(rocketmq))
                .append(" | ").append(cpuRatio(rocketmq, apogee, mark))
                .append(" |\n");
        }
        return out.toString();
    }

    private static String sideOf(String method) {
        for (String side : SIDES) {
            if (method.startsWith(side)) {
                return side;
            }
        }
        return null;
    }

    private static String paramText(BenchmarkParams params) {
        List<String> values = new ArrayList<>();
        for (String key : params.getParamsKeys()) {
            values.add(params.getParam(key));
        }
        return String.join(" ", values);
    }

    private static String ops(double[] side) {
        return side == null ? "" : String.format(Locale.ROOT, "%,.0f", side[0]);
    }

    private static String bytes(double[] side) {
        return side == null || Double.isNaN(side[1]) ? "" : String.format(Locale.ROOT, "%,.0f", side[1]);
    }

    private static String cpu(double[] side) {
        return side == null || Double.isNaN(side[2]) ? "" : String.format(Locale.ROOT, "%,.2f", side[2] / 1000);
    }

    private static String cpuRatio(double[] numerator, double[] denominator, String mark) {
        if (numerator == null || denominator == null || Double.isNaN(numerator[2]) || Double.isNaN(denominator[2])
            || denominator[2] == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.1fx", numerator[2] / denominator[2]) + mark;
    }

    private static String ratio(double[] numerator, double[] denominator) {
        if (numerator == null || denominator == null || denominator[0] == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.1fx", numerator[0] / denominator[0]);
    }
}
