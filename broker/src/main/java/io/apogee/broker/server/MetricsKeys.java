package io.apogee.broker.server;

import io.apogee.broker.metrics.MetricsExporterType;
import io.apogee.broker.metrics.MetricsSettings;

/**
 * The metrics settings of {@code broker.conf}, under RocketMQ 5's names: which exporter, and where the Prometheus
 * endpoint listens. An exporter Apogee does not ship (OTLP_GRPC, LOG) stops start-up with a message naming the key.
 *
 * <p>Immutable; safe for any thread.
 */
final class MetricsKeys {
    private static final int MAX_PORT = 65_535;

    static final ConfigKey<MetricsExporterType> EXPORTER = ConfigKey.choice("metricsExporterType",
            MetricsExporterType.class, MetricsExporterType.DISABLE)
        .unlikeRocketMq("RocketMQ also pushes over OTLP gRPC (OTLP_GRPC) and writes to its log (LOG); Apogee refuses"
            + " both at start-up.")
        .doc("DISABLE: no metrics, and nothing is counted on the send and pull paths. PROM: RocketMQ 5's metrics served"
            + " to Prometheus over HTTP at metricsPromExporterHost:metricsPromExporterPort, path /metrics. See"
            + " docs/metrics.md.");
    static final ConfigKey<String> HOST = ConfigKey.of("metricsPromExporterHost", "string", "",
            "an IP address or a host name of this machine, or empty", text -> text)
        .computedDefault("empty (brokerIP1)")
        .doc("The address the Prometheus endpoint binds; empty binds brokerIP1, as RocketMQ does. 0.0.0.0 listens on"
            + " every interface.");
    static final ConfigKey<Integer> PORT = ConfigKey.integer("metricsPromExporterPort", 5557, 1, MAX_PORT)
        .doc("The port of the Prometheus endpoint.");

    private MetricsKeys() {
    }

    /** The metrics settings of {@code values}; an empty host is {@code brokerIp}. */
    static MetricsSettings settings(ConfigValues values, String brokerIp) {
        MetricsExporterType exporter = values.get(EXPORTER);
        if (exporter == MetricsExporterType.OTLP_GRPC || exporter == MetricsExporterType.LOG) {
            throw new BrokerConfigException(EXPORTER.name(), exporter + " is not available in Apogee, which ships only"
                + " the Prometheus exporter: use PROM (and scrape http://host:metricsPromExporterPort/metrics) or DISABLE");
        }
        String host = values.get(HOST, "");
        return new MetricsSettings(exporter, host.isEmpty() ? brokerIp : host, values.get(PORT));
    }
}
