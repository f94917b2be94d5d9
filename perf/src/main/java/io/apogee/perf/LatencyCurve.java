package io.apogee.perf;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A latency distribution as points (percentile, microseconds) for a percentile plot: HdrHistogram's percentile
 * iteration, five steps per halving of the distance to 100 %, without the last point (100 %, which a log percentile
 * axis cannot show; the maximum is reported on its own). Immutable.
 *
 * @param percentiles the percentiles, ascending, each below 100
 * @param micros      the latency at each percentile
 */
public record LatencyCurve(double[] percentiles, long[] micros) {
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double ALL = 100.0;

    /** The curve of {@code histogram}; empty for an empty histogram. */
    public static LatencyCurve of(Histogram histogram) {
        List<double[]> points = new ArrayList<>();
        if (histogram.getTotalCount() > 0) {
            for (HistogramIterationValue value : histogram.percentiles(TICKS_PER_HALF_DISTANCE)) {
                double percentile = value.getPercentileLevelIteratedTo();
                if (percentile >= ALL) {
                    break;
                }
                points.add(new double[] {percentile, value.getValueIteratedTo()});
            }
        }
        double[] percentiles = new double[points.size()];
        long[] micros = new long[points.size()];
        for (int i = 0; i < points.size(); i++) {
            percentiles[i] = points.get(i)[0];
            micros[i] = (long) points.get(i)[1];
        }
        return new LatencyCurve(percentiles, micros);
    }

    /** The number of points. */
    public int size() {
        return percentiles.length;
    }

    /** The curve as a JSON array of [percentile, micros] pairs. */
    public String json() {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < percentiles.length; i++) {
            json.append(i == 0 ? "" : ",").append('[').append(percentiles[i]).append(',').append(micros[i]).append(']');
        }
        return json.append(']').toString();
    }
}
