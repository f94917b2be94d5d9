package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StreamMetricsContract} against Apogee: a broker with its Prometheus endpoint on, started for each test. The
 * stream families carry the broker's labels too, and with the stream port off none of them is served.
 */
@Tag("slow") // a broker start per test
class StreamMetricsTest extends StreamMetricsContract {
    @TempDir
    Path dir;
    private int metricsPort;
    private TestBroker broker;

    @BeforeEach
    void startBroker() throws Exception {
        metricsPort = Ports.free();
        broker = TestBroker.start(dir.resolve("on"), metricsOn(metricsPort));
    }

    @AfterEach
    void stopBroker() {
        broker.close();
    }

    @Override
    int streamPort() {
        return broker.context().streamPort();
    }

    @Override
    int metricsPort() {
        return metricsPort;
    }

    @Override
    String stream(String name) {
        return name;
    }

    @Test
    void theStreamFamiliesCarryTheBrokersLabels() throws Exception {
        PrometheusScrape scrape = PrometheusScrape.of(HOST, metricsPort);
        assertThat(scrape.matching("rabbitmq_global_publishers", "protocol", "stream")).as(scrape.toString())
            .singleElement().satisfies(sample -> assertThat(sample.labels()).containsKeys("cluster", "node_id"));
    }

    @Test
    void withTheStreamPortOffNoStreamFamilyIsServed() throws Exception {
        broker.close();
        int port = Ports.free();
        Map<String, String> settings = new HashMap<>(metricsOn(port));
        settings.put("streamEnable", "false");
        try (TestBroker off = TestBroker.start(dir.resolve("off"), settings)) {
            assertThat(off.context().streamPort()).as("no stream port").isZero();
            PrometheusScrape scrape = PrometheusScrape.of(HOST, port);
            assertThat(scrape.has("rocketmq_topic_number")).as(scrape.toString()).isTrue();
            assertThat(scrape.names()).noneMatch(name -> name.startsWith("rabbitmq_"));
        }
    }

    private static Map<String, String> metricsOn(int port) {
        return Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", HOST, "metricsPromExporterPort",
            Integer.toString(port));
    }
}
