package io.apogee.perf.compare;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a broker under comparison is started; the same for both brokers of a scenario. Immutable.
 *
 * @param dir      a fresh directory of its own: config, store, logs
 * @param heap     the JVM heap, e.g. "1g" (-Xms and -Xmx alike)
 * @param syncFlush whether the broker flushes before answering (SYNC_FLUSH) or not (ASYNC_FLUSH)
 * @param pinning  the CPUs the broker's processes may run on
 * @param tls      whether every port of the broker (and of its name server) takes TLS only
 * @param metricsPort the loopback port of the broker's Prometheus exporter, or 0 for metrics off
 */
record BrokerSettings(Path dir, String heap, boolean syncFlush, CpuPinning pinning, boolean tls, int metricsPort) {
    /**
     * Turns off Netty 4.2's host-name check of TLS servers, which the official client (built for Netty 4.1, and in
     * test mode trusting any certificate) never made.
     */
    static final String NO_HOST_NAME_CHECK = "-Dio.netty.handler.ssl.defaultEndpointVerificationAlgorithm=NONE";

    /**
     * The JVM flags both brokers get: the same fixed heap, touched at start as RocketMQ's {@code runbroker.sh} does
     * (so that no first write to a heap page costs a page fault during a row), and the same collector.
     */
    List<String> jvmFlags() {
        return List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+AlwaysPreTouch", "-XX:+UseG1GC", "--enable-native-access=ALL-UNNAMED");
    }

    /**
     * The system properties that make Apache RocketMQ's name server and broker take TLS only, as its
     * {@code TlsSystemConfig} reads them: every port enforcing, a self-signed certificate (test mode), and the broker
     * registering over TLS. Netty 4.2 would check the name server's host name against that certificate
     * ({@code CN=localhost}, reached as 127.0.0.1), which RocketMQ's own Netty 4.1 does not: that check is off.
     * Empty without TLS.
     */
    List<String> rocketMqTlsFlags() {
        return tls ? List.of("-Dtls.server.mode=enforcing", "-Dtls.test.mode.enable=true", "-Dtls.enable=true",
            NO_HOST_NAME_CHECK) : List.of();
    }

    /** The lines Apogee's broker.conf adds for TLS: every port enforcing, its generated certificate. Empty without. */
    List<String> apogeeTlsSettings() {
        return tls ? List.of("tls.server.mode=enforcing") : List.of();
    }

    /**
     * The broker.conf keys that turn on the Prometheus exporter on {@link #metricsPort}, named alike by both brokers
     * (RocketMQ 5's names); empty with metrics off.
     */
    Map<String, String> metricsSettings() {
        if (metricsPort == 0) {
            return Map.of();
        }
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("metricsExporterType", "PROM");
        keys.put("metricsPromExporterHost", "127.0.0.1");
        keys.put("metricsPromExporterPort", Integer.toString(metricsPort));
        return keys;
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
