package io.apogee.broker.metrics;

/**
 * How the broker exports its metrics: the exporter and, for Prometheus, the address its HTTP endpoint binds.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param exporter where metrics go
 * @param host     the address the Prometheus endpoint binds
 * @param port     the Prometheus endpoint's port
 */
public record MetricsSettings(MetricsExporterType exporter, String host, int port) {
    /** Whether any metrics are kept. */
    public boolean enabled() {
        return exporter != MetricsExporterType.DISABLE;
    }
}
