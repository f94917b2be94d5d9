package io.apogee.broker.metrics;

import io.apogee.store.StoreStatistics;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;

/**
 * What one scrape gathers: the store's statistics, read once for every family that needs them, and the metric
 * families, each a Prometheus snapshot made straight from the broker's figures. A family with no series is left out,
 * as it has nothing to show.
 *
 * <p>Not thread-safe: one per scrape, used by the thread that scrapes.
 */
final class Scrape {
    private final StoreStatistics statistics;
    private final List<MetricSnapshot> families = new ArrayList<>();

    Scrape(StoreStatistics statistics) {
        this.statistics = statistics;
    }

    /** The store's statistics, as read when the scrape began. */
    StoreStatistics statistics() {
        return statistics;
    }

    /** Adds a gauge family of one series. */
    void gauge(MetricMetadata family, double value, Labels labels) {
        families.add(new GaugeSnapshot(family, List.of(gaugePoint(value, labels))));
    }

    /** Adds a gauge family of {@code points}, unless it has none. */
    void gauges(MetricMetadata family, List<GaugeDataPointSnapshot> points) {
        if (!points.isEmpty()) {
            families.add(new GaugeSnapshot(family, points));
        }
    }

    /** Adds a counter family of {@code points}, unless it has none. */
    void counters(MetricMetadata family, List<CounterDataPointSnapshot> points) {
        if (!points.isEmpty()) {
            families.add(new CounterSnapshot(family, points));
        }
    }

    /** Adds a family made elsewhere. */
    void family(MetricSnapshot family) {
        families.add(family);
    }

    /** One series of a gauge. */
    static GaugeDataPointSnapshot gaugePoint(double value, Labels labels) {
        return new GaugeDataPointSnapshot(value, labels, null);
    }

    /** One series of a counter (no creation time: the text format shows none). */
    static CounterDataPointSnapshot counterPoint(double value, Labels labels) {
        return new CounterDataPointSnapshot(value, labels, null, 0L);
    }

    /** The families gathered. */
    MetricSnapshots snapshots() {
        return new MetricSnapshots(families);
    }
}
