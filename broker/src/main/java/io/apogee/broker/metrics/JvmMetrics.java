package io.apogee.broker.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.Unit;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's own figures, under OpenTelemetry's semantic-convention names, read from the platform MX beans at each
 * scrape: memory used, committed and the limit per pool, live threads, loaded classes, and collections and their time
 * per garbage collector. The beans and each pool's and collector's labels are looked up once; a scrape reads each
 * pool's usage once and the live thread count, none of the beans' costly calls (no thread dump, no CPU times).
 *
 * <p>Thread-safe: a scrape only reads the MX beans.
 */
final class JvmMetrics {
    private static final String MEMORY_TYPE = "jvm_memory_type";
    private static final String POOL = "jvm_memory_pool_name";
    private static final String GC = "jvm_gc_name";
    private static final double MILLIS_PER_SECOND = 1000.0;
    private static final MetricMetadata USED = new MetricMetadata("jvm_memory_used_bytes", "Memory used, per pool",
        Unit.BYTES);
    private static final MetricMetadata COMMITTED = new MetricMetadata("jvm_memory_committed_bytes",
        "Memory committed, per pool", Unit.BYTES);
    private static final MetricMetadata LIMIT = new MetricMetadata("jvm_memory_limit_bytes",
        "The most memory a pool may grow to, where the pool has a limit", Unit.BYTES);
    private static final MetricMetadata THREADS = new MetricMetadata("jvm_thread_count", "Live threads");
    private static final MetricMetadata CLASSES = new MetricMetadata("jvm_class_count", "Classes loaded now");
    private static final MetricMetadata COLLECTIONS = new MetricMetadata("jvm_gc_collections",
        "Collections so far, per collector");
    private static final MetricMetadata GC_TIME = new MetricMetadata("jvm_gc_time_seconds",
        "Time spent collecting so far, per collector", Unit.SECONDS);

    private final Labels base;
    private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
    private final List<Labels> poolLabels = new ArrayList<>();
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private final List<Labels> collectorLabels = new ArrayList<>();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();

    JvmMetrics(MetricLabels labels) {
        this.base = labels.base();
        for (MemoryPoolMXBean pool : pools) {
            String type = pool.getType() == MemoryType.HEAP ? "heap" : "non_heap";
            poolLabels.add(base.merge(Labels.of(MEMORY_TYPE, type, POOL, pool.getName())));
        }
        for (GarbageCollectorMXBean collector : collectors) {
            collectorLabels.add(base.merge(Labels.of(GC, collector.getName())));
        }
    }

    /** Adds the families to {@code scrape}. */
    void collect(Scrape scrape) {
        List<GaugeDataPointSnapshot> used = new ArrayList<>(pools.size());
        List<GaugeDataPointSnapshot> committed = new ArrayList<>(pools.size());
        List<GaugeDataPointSnapshot> limit = new ArrayList<>(pools.size());
        for (int i = 0; i < pools.size(); i++) {
            MemoryUsage usage = pools.get(i).getUsage();
            if (usage == null) { // the pool is no longer valid
                continue;
            }
            used.add(Scrape.gaugePoint(usage.getUsed(), poolLabels.get(i)));
            committed.add(Scrape.gaugePoint(usage.getCommitted(), poolLabels.get(i)));
            if (usage.getMax() >= 0) {
                limit.add(Scrape.gaugePoint(usage.getMax(), poolLabels.get(i)));
            }
        }
        scrape.gauges(USED, used);
        scrape.gauges(COMMITTED, committed);
        scrape.gauges(LIMIT, limit);
        scrape.gauge(THREADS, threads.getThreadCount(), base);
        scrape.gauge(CLASSES, classes.getLoadedClassCount(), base);
        List<CounterDataPointSnapshot> collections = new ArrayList<>(collectors.size());
        List<CounterDataPointSnapshot> time = new ArrayList<>(collectors.size());
        for (int i = 0; i < collectors.size(); i++) {
            GarbageCollectorMXBean collector = collectors.get(i);
            collections.add(Scrape.counterPoint(Math.max(0, collector.getCollectionCount()), collectorLabels.get(i)));
            time.add(Scrape.counterPoint(Math.max(0, collector.getCollectionTime()) / MILLIS_PER_SECOND,
                collectorLabels.get(i)));
        }
        scrape.counters(COLLECTIONS, collections);
        scrape.counters(GC_TIME, time);
    }
}
