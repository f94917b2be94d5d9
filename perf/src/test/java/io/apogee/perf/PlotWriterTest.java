package io.apogee.perf;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Curves come from histograms; charts are self-contained, one line per run and panel, on log axes. */
class PlotWriterTest {
    @Test
    void curveFollowsTheHistogramBelowOneHundredPercent() {
        Histogram histogram = histogram(100, 10_000);
        LatencyCurve curve = LatencyCurve.of(histogram);
        assertThat(curve.size()).isGreaterThan(10);
        for (int i = 1; i < curve.size(); i++) {
            assertThat(curve.percentiles()[i]).isGreaterThan(curve.percentiles()[i - 1]).isLessThan(100);
            assertThat(curve.micros()[i]).isGreaterThanOrEqualTo(curve.micros()[i - 1]);
        }
        assertThat(curve.micros()[0]).isEqualTo(histogram.getValueAtPercentile(curve.percentiles()[0]));
        assertThat(curve.micros()[curve.size() - 1]).isLessThanOrEqualTo(histogram.getMaxValue());
        assertThat(curve.json()).startsWith("[[").endsWith("]]");
        assertThat(LatencyCurve.of(new Histogram(3)).size()).isZero();
    }

    @Test
    void percentileAxisCountsNines() {
        assertThat(PlotWriter.x(0)).isCloseTo(0, within(1e-9));
        assertThat(PlotWriter.x(90)).isCloseTo(1, within(1e-9));
        assertThat(PlotWriter.x(99)).isCloseTo(2, within(1e-9));
        assertThat(PlotWriter.x(99.9)).isCloseTo(3, within(1e-9));
    }

    @Test
    void htmlHoldsBothPanelsWithALinePerRunAndNothingToFetch(@TempDir Path dir) throws Exception {
        LatencyCurve fast = LatencyCurve.of(histogram(50, 2_000));
        LatencyCurve slow = LatencyCurve.of(histogram(400, 90_000));
        Path file = dir.resolve("chart.html");
        PlotWriter.write(file, "A <vs> B", List.of(new PlotWriter.Series("Apogee", fast, fast),
            new PlotWriter.Series("RocketMQ", slow, LatencyCurve.of(new Histogram(3)))));
        String html = Files.readString(file);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "</svg>", "send latency", "end-to-end latency",
            "A &lt;vs&gt; B", ">Apogee<", "RocketMQ (none)", ">99.9%<", ">10 us<", ">100 ms<");
        assertThat(html).doesNotContain("<script", "src=", "href=");
        assertThat(count(html, "<polyline")).as("send: two runs; end-to-end: one run has no curve").isEqualTo(3);
        Matcher first = Pattern.compile("points=\"([^\"]*)\"").matcher(html);
        assertThat(first.find()).isTrue();
        assertThat(first.group(1).split(" ")).hasSize(fast.size());
    }

    @Test
    void svgFileIsABareSvg(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chart.svg");
        PlotWriter.write(file, "t", List.of(new PlotWriter.Series("one", LatencyCurve.of(histogram(10, 20)),
            LatencyCurve.of(histogram(10, 20)))));
        assertThat(Files.readString(file)).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"").endsWith("</svg>");
    }

    private static Histogram histogram(long low, long high) {
        Histogram histogram = new Histogram(LatencyRecorders.HIGHEST_MICROS, 3);
        for (long v = low; v <= high; v += Math.max(1, (high - low) / 5000)) {
            histogram.recordValue(v);
        }
        return histogram;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
