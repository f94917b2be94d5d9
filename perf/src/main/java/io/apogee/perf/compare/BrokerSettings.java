package io.apogee.perf.compare;

import java.nio.file.Path;
import java.util.List;

/**
 * How a broker under comparison is started; the same for both brokers of a scenario. Immutable.
 *
 * @param dir      a fresh directory of its own: config, store, logs
 * @param heap     the JVM heap, e.g. "1g" (-Xms and -Xmx alike)
 * @param syncFlush whether the broker flushes before answering (SYNC_FLUSH) or not (ASYNC_FLUSH)
 * @param pinning  the CPUs the broker's processes may run on
 */
record BrokerSettings(Path dir, String heap, boolean syncFlush, CpuPinning pinning) {
    /** The JVM flags both brokers get: the same fixed heap and the same collector. */
    List<String> jvmFlags() {
        return List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC", "--enable-native-access=ALL-UNNAMED");
    }

    /** The broker.conf value of flushDiskType. */
    String flushDiskType() {
        return syncFlush ? "SYNC_FLUSH" : "ASYNC_FLUSH";
    }

    /** The store directory. */
    Path store() {
        return dir.resolve("store");
    }
}
