package io.apogee.broker.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's metrics endpoint: the Prometheus client's HTTP server on
 * {@code metricsPromExporterHost:metricsPromExporterPort}, serving one registry whose one collector builds every family
 * at scrape time, straight from the broker's figures ({@link TrafficMetrics}, {@link SizeMetrics},
 * {@link StateMetrics}, {@link ServiceMetrics}, {@link JvmMetrics}). Nothing is computed between scrapes. A scrape
 * reads the store's statistics once and builds Prometheus snapshots with label sets kept from earlier scrapes: no
 * metrics SDK sits between the broker and the page, as its collection and conversion cost more than the figures
 * themselves (see docs/metrics.md, "What it costs"). It owns the port: {@link #close()} stops the HTTP server and
 * frees it.
 *
 * <p>Thread-safe: scrapes run on the HTTP server's threads and may overlap; {@link #close()} may be called from any
 * thread, more than once.
 */
public final class BrokerMetrics implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerMetrics.class);

    private final HTTPServer server;
    private final String address;
    private boolean closed;

    private BrokerMetrics(HTTPServer server, String address) {
        this.server = server;
        this.address = address;
    }

    /**
     * Serves the metrics of a broker, read from its {@code sources}, as {@code settings} say.
     *
     * @throws IllegalStateException when the endpoint's port cannot be bound
     */
    public static BrokerMetrics start(MetricsSettings settings, MetricsSources sources) {
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(collector(sources));
        HTTPServer server;
        try {
            server = HTTPServer.builder().hostname(settings.host()).port(settings.port()).registry(registry)
                .buildAndStart();
        } catch (IOException e) {
            throw new IllegalStateException("metricsPromExporterPort: cannot listen on " + settings.host() + ':'
                + settings.port() + ": " + e.getMessage(), e);
        }
        BrokerMetrics metrics = new BrokerMetrics(server, settings.host() + ':' + settings.port());
        LOG.info("metrics served to Prometheus on http://{}/metrics", metrics.address);
        return metrics;
    }

    /** The one collector of the endpoint: every family, from one read of the store's statistics per scrape. */
    static MultiCollector collector(MetricsSources sources) {
        MetricLabels labels = new MetricLabels(sources.cluster(), sources.brokerName());
        TrafficMetrics traffic = new TrafficMetrics(labels, sources);
        SizeMetrics sizes = new SizeMetrics(labels, sources.traffic());
        StateMetrics state = new StateMetrics(labels, sources);
        ServiceMetrics services = new ServiceMetrics(labels, sources);
        StreamMetrics streams = new StreamMetrics(labels, sources.streams());
        JvmMetrics jvm = new JvmMetrics(labels);
        return () -> {
            Scrape scrape = new Scrape(sources.store().statistics());
            traffic.collect(scrape);
            sizes.collect(scrape);
            state.collect(scrape);
            services.collect(scrape);
            streams.collect(scrape);
            jvm.collect(scrape);
            return scrape.snapshots();
        };
    }

    /** The endpoint's "host:port". */
    public String address() {
        return address;
    }

    /** Stops the HTTP server, freeing its port. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.close();
    }
}
