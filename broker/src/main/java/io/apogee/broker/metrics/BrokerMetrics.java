package io.apogee.broker.metrics;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.store.MessageStore;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.exporter.prometheus.PrometheusHttpServer;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.resources.Resource;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's metrics endpoint: an OpenTelemetry meter provider whose one reader is a Prometheus HTTP server on
 * {@code metricsPromExporterHost:metricsPromExporterPort}, and the asynchronous instruments registered on it
 * ({@link TrafficInstruments}, {@link StateInstruments}, {@link JvmInstruments}). Nothing is computed between scrapes:
 * each scrape runs the instruments' callbacks on the exporter's HTTP thread. It owns the port: {@link #close()} stops
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
     * Serves the metrics of the broker {@code brokerName} of {@code cluster} as {@code settings} say: its
     * {@code store}, its tables in {@code metadata}, its {@code clients} and the {@code traffic} the send and pull
     * paths counted.
     *
     * @throws IllegalStateException when the endpoint's port cannot be bound
     */
    public static BrokerMetrics start(MetricsSettings settings, String cluster, String brokerName, MessageStore store,
        BrokerMetadata metadata, ClientDirectory clients, TrafficCounters traffic) {
        PrometheusHttpServer server;
        try {
            server = PrometheusHttpServer.builder().setHost(settings.host()).setPort(settings.port())
                .setOtelScopeLabelsEnabled(false).setTargetInfoMetricEnabled(false).build();
        } catch (UncheckedIOException e) {
            throw new IllegalStateException("metricsPromExporterPort: cannot listen on " + settings.host() + ':'
                + settings.port() + ": " + e.getMessage(), e);
        }
        SdkMeterProvider provider = SdkMeterProvider.builder().setResource(Resource.empty()).registerMetricReader(server)
            .build();
        BrokerMetrics metrics = new BrokerMetrics(provider, settings.host() + ':' + settings.port());
        Meter meter = provider.get(METER_NAME);
        MetricLabels labels = new MetricLabels(cluster, brokerName);
        metrics.instruments.addAll(TrafficInstruments.register(meter, labels, store, traffic));
        metrics.instruments.addAll(StateInstruments.register(meter, labels, store, metadata, clients));
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
