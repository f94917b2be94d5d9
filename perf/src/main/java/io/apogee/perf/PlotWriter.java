package io.apogee.perf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes latency-percentile charts as one self-contained file (no scripts, no network): a send latency panel and an
 * end-to-end latency panel, one line per run, overlaid. The x axis is the percentile on a log scale of
 * 1 / (1 - p), as HdrHistogram's plots draw it (ticks at 0, 90, 99, 99.9 ... %); the y axis is the latency on a log
 * scale, so a p50 of 300 us and a max of 2 s are both readable. A file named {@code *.svg} gets a bare SVG, any other
 * name an HTML page holding it. Stateless.
 */
public final class PlotWriter {
    /** One run to draw. */
    public record Series(String label, LatencyCurve send, LatencyCurve endToEnd) {
    }

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f"};
    private static final int WIDTH = 900;
    private static final int PANEL_HEIGHT = 360;
    private static final int LEFT = 80;
    private static final int RIGHT = 220;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final int MIN_NINES = 3;
    private static final double PERCENT = 100.0;

    private PlotWriter() {
    }

    /** Writes the chart of {@code series} to {@code file}. */
    public static void write(Path file, String title, List<Series> series) throws IOException {
        String svg = svg(title, series);
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String content = name.endsWith(".svg") ? svg
            : "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title></head>\n"
                + "<body style=\"font-family:sans-serif\">\n" + svg + "\n</body></html>\n";
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** The chart as an SVG document. */
    public static String svg(String title, List<Series> series) {
        int nines = MIN_NINES;
        long minMicros = Long.MAX_VALUE;
        long maxMicros = 1;
        for (Series run : series) {
            for (LatencyCurve curve : List.of(run.send(), run.endToEnd())) {
                for (int i = 0; i < curve.size(); i++) {
                    nines = Math.max(nines, (int) Math.ceil(x(curve.percentiles()[i])));
                    minMicros = Math.min(minMicros, Math.max(1, curve.micros()[i]));
                    maxMicros = Math.max(maxMicros, curve.micros()[i]);
                }
            }
        }
        int lowDecade = minMicros == Long.MAX_VALUE ? 0 : (int) Math.floor(Math.log10(minMicros));
        int highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(maxMicros)));
        Axes axes = new Axes(nines, lowDecade, highDecade);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            + "font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, 2 * PANEL_HEIGHT + TOP));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"16\">%s</text>%n", LEFT, escape(title)));
        panel(svg, axes, TOP, "send latency", series, true);
        panel(svg, axes, TOP + PANEL_HEIGHT, "end-to-end latency", series, false);
        return svg.append("</svg>").toString();
    }

    private record Axes(int nines, int lowDecade, int highDecade) {
    }

    private static void panel(StringBuilder svg, Axes axes, int top, String name, List<Series> series, boolean send) {
        int plotTop = top + TOP;
        int plotBottom = top + PANEL_HEIGHT - BOTTOM;
        int plotRight = WIDTH - RIGHT;
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>%n", LEFT,
            plotTop - 10, escape(name)));
        for (int n = 0; n <= axes.nines(); n++) {
            double px = LEFT + (double) n / axes.nines() * (plotRight - LEFT);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, plotTop, px, plotBottom, px,
                plotBottom + 16, percentileLabel(n)));
        }
        for (int d = axes.lowDecade(); d <= axes.highDecade(); d++) {
            double py = y(Math.pow(10, d), axes, plotTop, plotBottom);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, py, plotRight, py, LEFT - 6, py + 4,
                latencyLabel(d)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">percentile</text>%n",
            (LEFT + plotRight) / 2, plotBottom + 34));
        for (int s = 0; s < series.size(); s++) {
            LatencyCurve curve = send ? series.get(s).send() : series.get(s).endToEnd();
            String color = COLORS[s % COLORS.length];
            if (curve.size() > 0) {
                StringBuilder points = new StringBuilder();
                for (int i = 0; i < curve.size(); i++) {
                    double px = LEFT + x(curve.percentiles()[i]) / axes.nines() * (plotRight - LEFT);
                    points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px,
                        y(Math.max(1, curve.micros()[i]), axes, plotTop, plotBottom)));
                }
                svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\">"
                    + "<title>%s</title></polyline>%n", color, points.toString().trim(), escape(series.get(s).label())));
            }
            int legendY = plotTop + 16 + s * 18;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
                + "<text x=\"%d\" y=\"%d\">%s%s</text>%n", plotRight + 12, legendY - 4, plotRight + 32, legendY - 4, color,
                plotRight + 38, legendY, escape(series.get(s).label()), curve.size() == 0 ? " (none)" : ""));
        }
    }

    /** The x position in "nines": log10 of 1 / (1 - p). */
    static double x(double percentile) {
        return Math.log10(PERCENT / (PERCENT - Math.min(percentile, PERCENT - 1e-9)));
    }

    private static double y(double micros, Axes axes, int plotTop, int plotBottom) {
        double fraction = (Math.log10(micros) - axes.lowDecade()) / (axes.highDecade() - axes.lowDecade());
        return plotBottom - fraction * (plotBottom - plotTop);
    }

    private static String percentileLabel(int nines) {
        if (nines == 0) {
            return "0%";
        }
        if (nines <= 2) {
            return nines == 1 ? "90%" : "99%";
        }
        return "99." + "9".repeat(nines - 2) + "%";
    }

    private static String latencyLabel(int decade) {
        String[] units = {"us", "ms", "s"};
        int unit = Math.min(decade / 3, units.length - 1);
        long value = (long) Math.pow(10, decade - 3 * unit);
        return value + " " + units[unit];
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
