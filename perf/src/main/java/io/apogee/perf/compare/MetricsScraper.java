package io.apogee.perf.compare;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Scrapes a broker's Prometheus endpoint during a run at a fixed interval (first at once), as a Prometheus server
 * would, so that metrics on cost the broker what they cost in production, gauges and exposition included. A request
 * not answered within {@value #TIMEOUT_SECONDS} s counts as failed.
 * Thread-safe: one thread of its own scrapes; {@link #close()} stops it and may come from any thread.
 */
final class MetricsScraper implements AutoCloseable {
    private static final long TIMEOUT_SECONDS = 1;

    private final Duration period;
    private final HttpClient http;
    private final HttpRequest request;
    private final AtomicInteger scrapes = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private final Thread thread;
    private volatile int lastBytes;

    private MetricsScraper(int port, Duration period) {
        this.period = period;
        Duration timeout = Duration.ofSeconds(TIMEOUT_SECONDS);
        http = HttpClient.newBuilder().connectTimeout(timeout).build();
        request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(timeout).GET().build();
        thread = Thread.ofPlatform().daemon().name("metrics-scraper-" + port).unstarted(this::scrapeUntilClosed);
    }

    /** Starts scraping {@code http://127.0.0.1:port/metrics} every {@code period}. */
    static MetricsScraper start(int port, Duration period) {
        MetricsScraper scraper = new MetricsScraper(port, period);
        scraper.thread.start();
        return scraper;
    }

    private void scrapeUntilClosed() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                scrapeOnce();
                Thread.sleep(period);
            }
        } catch (InterruptedException closed) {
            Thread.currentThread().interrupt();
        }
    }

    private void scrapeOnce() throws InterruptedException {
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 200) {
                lastBytes = response.body().length;
                scrapes.incrementAndGet();
            } else {
                failures.incrementAndGet();
            }
        } catch (IOException e) {
            failures.incrementAndGet();
        }
    }

    /** What the scrapes found, for the run's log: how many answered, how many failed, the last page's size. */
    String summary() {
        return String.format(Locale.ROOT, "%d scrapes of /metrics answered (last %,d bytes), %d failed",
            scrapes.get(), lastBytes, failures.get());
    }

    /** How many scrapes were answered with a page. */
    int answered() {
        return scrapes.get();
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(TIMEOUT_SECONDS * 2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        http.close();
    }
}
