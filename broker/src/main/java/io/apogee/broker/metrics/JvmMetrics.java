package io.apogee.broker.metrics;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.metrics.Meter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * The JVM's own figures, under OpenTelemetry's semantic-convention names, read from the platform MX beans at each
 * scrape: memory used, committed and the limit per pool, live threads, loaded classes, and collections and their time
 * per garbage collector.
 *
 * <p>Thread-safe: the callbacks run on the exporter's thread and only read the MX beans.
 */
final class JvmInstruments {
    private static final AttributeKey<String> MEMORY_TYPE = AttributeKey.stringKey("jvm.memory.type");
    private static final AttributeKey<String> POOL = AttributeKey.stringKey("jvm.memory.pool.name");
    private static final AttributeKey<String> GC = AttributeKey.stringKey("jvm.gc.name");
    private static final String BYTES = "By";
    private static final double MILLIS_PER_SECOND = 1000.0;

    private JvmInstruments() {
    }

    /** Registers the instruments on {@code meter}; closing what it returns removes them. */
    static List<AutoCloseable> register(Meter meter, MetricLabels labels) {
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
        AutoCloseable used = meter.upDownCounterBuilder("jvm.memory.used").setUnit(BYTES)
            .setDescription("Memory used, per pool")
            .buildWithCallback(measurement -> pools.forEach(pool -> measurement.record(pool.getUsage().getUsed(),
                labels.builder().put(MEMORY_TYPE, type(pool)).put(POOL, pool.getName()).build())));
        AutoCloseable committed = meter.upDownCounterBuilder("jvm.memory.committed").setUnit(BYTES)
            .setDescription("Memory committed, per pool")
            .buildWithCallback(measurement -> pools.forEach(pool -> measurement.record(pool.getUsage().getCommitted(),
                labels.builder().put(MEMORY_TYPE, type(pool)).put(POOL, pool.getName()).build())));
        AutoCloseable limit = meter.upDownCounterBuilder("jvm.memory.limit").setUnit(BYTES)
            .setDescription("The most memory a pool may grow to, where the pool has a limit")
            .buildWithCallback(measurement -> pools.forEach(pool -> {
                MemoryUsage usage = pool.getUsage();
                if (usage.getMax() >= 0) {
                    measurement.record(usage.getMax(),
                        labels.builder().put(MEMORY_TYPE, type(pool)).put(POOL, pool.getName()).build());
                }
            }));
        AutoCloseable threads = meter.upDownCounterBuilder("jvm.thread.count").setUnit("{thread}")
            .setDescription("Live threads")
            .buildWithCallback(measurement -> measurement.record(ManagementFactory.getThreadMXBean().getThreadCount(),
                labels.base()));
        AutoCloseable classes = meter.upDownCounterBuilder("jvm.class.count").setUnit("{class}")
            .setDescription("Classes loaded now")
            .buildWithCallback(measurement -> measurement.record(
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount(), labels.base()));
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        AutoCloseable collections = meter.counterBuilder("jvm.gc.collections").setUnit("{collection}")
            .setDescription("Collections so far, per collector")
            .buildWithCallback(measurement -> collectors.forEach(gc -> measurement.record(
                Math.max(0, gc.getCollectionCount()), labels.builder().put(GC, gc.getName()).build())));
        AutoCloseable gcTime = meter.counterBuilder("jvm.gc.time").ofDoubles().setUnit("s")
            .setDescription("Time spent collecting so far, per collector")
            .buildWithCallback(measurement -> collectors.forEach(gc -> measurement.record(
                Math.max(0, gc.getCollectionTime()) / MILLIS_PER_SECOND, labels.builder().put(GC, gc.getName()).build())));
        return List.of(used, committed, limit, threads, classes, collections, gcTime);
    }

    private static String type(MemoryPoolMXBean pool) {
        return pool.getType() == MemoryType.HEAP ? "heap" : "non_heap";
    }
}
