package io.apogee.broker.metrics;

import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.exporter.prometheus.PrometheusHttpServer;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.resources.Resource;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's metrics endpoint: an OpenTelemetry meter provider whose one reader is a Prometheus HTTP server on
 * {@code metricsPromExporterHost:metricsPromExporterPort}, and the asynchronous instruments registered on it
 * ({@link TrafficInstruments}, {@link StateInstruments}, {@link ServiceInstruments}, {@link JvmInstruments}), and
 * beside them on the same endpoint the {@link MessageSizeCollector} histogram. Nothing is computed between scrapes:
 * each scrape runs the instruments' callbacks on an HTTP thread of the exporter, one scrape's at a time (the SDK
 * collects under a lock). It owns the port: {@link #close()} stops
 * the HTTP server and frees it.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class BrokerMetrics implements AutoCloseable {
    /** The meter's name, as RocketMQ's broker names its own. */
    static final String METER_NAME = "broker-meter";
    private static final Logger LOG = LoggerFactory.getLogger(BrokerMetrics.class);

    private final SdkMeterProvider provider;
    private final List<AutoCloseable> instruments = new ArrayList<>();
    private final String address;
    private boolean closed;

    private BrokerMetrics(SdkMeterProvider provider, String address) {
        this.provider = provider;
        this.address = address;
    }

    /**
     * Serves the metrics of a broker, read from its {@code sources}, as {@code settings} say.
     *
     * @throws IllegalStateException when the endpoint's port cannot be bound
     */
    public static BrokerMetrics start(MetricsSettings settings, MetricsSources sources) {
        // the endpoint serves this registry: the OpenTelemetry reader and the message-size histogram
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new MessageSizeCollector(sources.traffic(), sources.cluster(), sources.brokerName()));
        PrometheusHttpServer server;
        try {
            server = PrometheusHttpServer.builder().setHost(settings.host()).setPort(settings.port())
                .setPrometheusRegistry(registry).setOtelScopeLabelsEnabled(false).setTargetInfoMetricEnabled(false)
                .build();
        } catch (UncheckedIOException e) {
            throw new IllegalStateException("metricsPromExporterPort: cannot listen on " + settings.host() + ':'
                + settings.port() + ": " + e.getMessage(), e);
        }
        SdkMeterProvider provider = SdkMeterProvider.builder().setResource(Resource.empty()).registerMetricReader(server)
            .build();
        BrokerMetrics metrics = new BrokerMetrics(provider, settings.host() + ':' + settings.port());
        Meter meter = provider.get(METER_NAME);
        MetricLabels labels = new MetricLabels(sources.cluster(), sources.brokerName());
        metrics.instruments.addAll(TrafficInstruments.register(meter, labels, sources));
        metrics.instruments.addAll(StateInstruments.register(meter, labels, sources));
        metrics.instruments.addAll(ServiceInstruments.register(meter, labels, sources));
        metrics.instruments.addAll(JvmInstruments.register(meter, labels));
        LOG.info("metrics served to Prometheus on http://{}/metrics", metrics.address);
        return metrics;
    }

    /** The endpoint's "host:port". */
    public String address() {
        return address;
    }

    /** Removes the instruments and stops the HTTP server, freeing its port. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (AutoCloseable instrument : instruments) {
            try {
                instrument.close();
            } catch (Exception e) {
                LOG.warn("could not remove a metric instrument", e);
            }
        }
        provider.close();
    }
}
