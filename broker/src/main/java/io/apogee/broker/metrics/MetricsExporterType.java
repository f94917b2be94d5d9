package io.apogee.broker.metrics;

/**
 * Where the broker's metrics go, under the names RocketMQ 5's {@code metricsExporterType} takes. Apogee serves
 * {@link #DISABLE} and {@link #PROM}; the others would each need another exporter library and are refused at start-up.
 *
 * <p>Immutable; safe for any thread.
 */
public enum MetricsExporterType {
    /** No metrics: no endpoint, and the send and pull paths count nothing. */
    DISABLE,
    /** Pushed over OTLP gRPC (not served by Apogee). */
    OTLP_GRPC,
    /** Served to Prometheus over HTTP at {@code metricsPromExporterHost:metricsPromExporterPort}. */
    PROM,
    /** Written to the log (not served by Apogee). */
    LOG
}
