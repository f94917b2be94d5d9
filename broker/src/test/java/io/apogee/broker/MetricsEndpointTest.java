package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.launcher.Ports;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics endpoint's life: none unless asked for, served while the broker runs, its port freed with the broker,
 * and a port already taken stops start-up with a message naming the key.
 */
class MetricsEndpointTest {
    private static final String HOST = "127.0.0.1";

    @TempDir
    Path dir;

    @Test
    void servedWhileTheBrokerRunsAndFreedWithIt() throws Exception {
        int port = Ports.free();
        try (TestBroker broker = TestBroker.start(dir, prometheusOn(port))) {
            PrometheusScrape scrape = PrometheusScrape.of(HOST, port);
            assertThat(scrape.sum("rocketmq_topic_number", "node_type", "broker", "node_id", "broker-a", "cluster",
                "DefaultCluster")).as(scrape.toString()).isEqualTo(broker.context().metadata().topics().size());
            assertThat(scrape.sum("rocketmq_consumer_lag_messages")).isZero();
            assertThat(scrape.has("rocketmq_storage_dispatch_behind_bytes")).isTrue();
        }
        assertThatThrownBy(() -> PrometheusScrape.of(HOST, port)).isInstanceOf(ConnectException.class);
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void noEndpointUnlessAskedFor() throws Exception {
        int port = Ports.free();
        try (TestBroker broker = TestBroker.start(dir, Map.of("metricsPromExporterPort", Integer.toString(port)))) {
            assertThat(broker.context().brokerPort()).isPositive();
            assertThatThrownBy(() -> PrometheusScrape.of(HOST, port)).isInstanceOf(IOException.class);
        }
    }

    @Test
    void aTakenPortStopsStartUpNamingTheKey() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            assertThatThrownBy(() -> TestBroker.start(dir, prometheusOn(taken.getLocalPort())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("metricsPromExporterPort")
                .hasMessageContaining(Integer.toString(taken.getLocalPort()));
        }
        int port = Ports.free();
        try (TestBroker broker = TestBroker.start(dir, prometheusOn(port))) {
            assertThat(PrometheusScrape.of(HOST, port).sum("rocketmq_topic_number"))
                .as("the failed start left the store usable").isEqualTo(broker.context().metadata().topics().size());
        }
    }

    private static Map<String, String> prometheusOn(int port) {
        return Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", HOST, "metricsPromExporterPort",
            Integer.toString(port));
    }
}
