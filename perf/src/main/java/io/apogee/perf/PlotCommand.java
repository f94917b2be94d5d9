package io.apogee.perf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code apogee perf plot RUN.json... --out FILE}: overlays the latency curves of several runs' {@code --json}
 * files in one chart, e.g. the same scenario against Apogee and Apache RocketMQ. Not thread-safe: picocli fills the
 * fields, then {@link #call()} runs once.
 */
@Command(name = "apogee perf plot", mixinStandardHelpOptions = true,
    description = "Draws the send and end-to-end latency percentiles of runs written with --json, one line per run.")
public final class PlotCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(arity = "1..*", paramLabel = "RUN.json", description = "Files written by apogee perf --json.")
    List<Path> runs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The chart (.html, or .svg).")
    Path out;

    @Option(names = "--title", defaultValue = "apogee perf", description = "The chart's title (default: ${DEFAULT-VALUE}).")
    String title;

    private final PrintStream printed;

    /** A command that says what it wrote on {@code printed}. */
    public PlotCommand(PrintStream printed) {
        this.printed = printed;
    }

    @Override
    public Integer call() throws IOException {
        List<PlotWriter.Series> series = new ArrayList<>();
        for (Path run : runs) {
            series.add(read(run));
        }
        PlotWriter.write(out, title, series);
        printed.println("wrote " + out + " (" + series.size() + " runs)");
        return 0;
    }

    /**
     * The series of one {@code --json} file, named by its label (the file name if it has none).
     *
     * @throws IOException if the file cannot be read or holds no latency curves
     */
    static PlotWriter.Series read(Path run) throws IOException {
        JsonNode root = JSON.readTree(run.toFile());
        if (root == null || !root.has("sendLatencyCurve")) {
            throw new IOException(run + " is not an apogee perf --json file (no sendLatencyCurve)");
        }
        String label = root.hasNonNull("label") ? root.get("label").asText() : run.getFileName().toString();
        return new PlotWriter.Series(label, curve(root.get("sendLatencyCurve")), curve(root.path("endToEndLatencyCurve")));
    }

    private static LatencyCurve curve(JsonNode points) {
        int size = points.isArray() ? points.size() : 0;
        double[] percentiles = new double[size];
        long[] micros = new long[size];
        for (int i = 0; i < size; i++) {
            percentiles[i] = points.get(i).get(0).asDouble();
            micros[i] = points.get(i).get(1).asLong();
        }
        return new LatencyCurve(percentiles, micros);
    }

    /** A picocli command line for this command. */
    public CommandLine commandLine() {
        return new CommandLine(this);
    }
}
