package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console of a stand-alone name server over real HTTP: a broker that registers with it shows up in
 * {@code /api/namesrv} with its cluster, id and address, and its topics with their queues; the page and its script are
 * served; a POST, an unknown endpoint and an unknown page are refused with their statuses; with the console off, no
 * port is opened.
 */
class NameServerConsoleTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aRegisteredBrokerAndItsRoutesAreShown() throws Exception {
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(consoleOn(), dir.resolve("ns")),
                 SystemClock.INSTANCE);
             TestBroker broker = TestBroker.start(dir.resolve("broker"), Map.of("namesrvAddr",
                 "127.0.0.1:" + nameServer.port(), "brokerName", "console-b", "brokerClusterName", "ConsoleCluster"))) {
            ConsoleHttp console = new ConsoleHttp(nameServer.consolePort());
            Await.until("the broker in the name server's console", WAIT,
                () -> console.get("/api/namesrv").json().path("brokers").size() == 1);
            JsonNode view = console.get("/api/namesrv").json();
            JsonNode registered = view.path("brokers").get(0);
            assertThat(registered.path("cluster").asText()).isEqualTo("ConsoleCluster");
            assertThat(registered.path("name").asText()).isEqualTo("console-b");
            assertThat(registered.path("members").get(0).path("brokerId").asLong()).isZero();
            assertThat(registered.path("members").get(0).path("address").asText()).isEqualTo(broker.address());
            JsonNode defaultTopic = topic(view, "TBW102");
            assertThat(defaultTopic.path("queues").get(0).path("brokerName").asText()).isEqualTo("console-b");
            assertThat(defaultTopic.path("queues").get(0).path("writeQueues").asInt()).isPositive();
            assertThat(view.path("topicCount").asInt()).isEqualTo(view.path("topics").size()).isPositive();

            ConsoleHttp.Answer page = console.get("/");
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.contentType()).startsWith("text/html");
            assertThat(page.body()).contains("data-page=\"namesrv\"");
            assertThat(console.get("/console.js").body()).contains("/api/namesrv");

            ConsoleHttp.Answer post = console.send(HttpRequest.newBuilder(URI.create(console.base() + "/api/namesrv"))
                .POST(HttpRequest.BodyPublishers.noBody()).build());
            assertThat(post.status()).isEqualTo(405);
            assertThat(console.get("/api/topics").status()).as("a broker's endpoint").isEqualTo(404);
            assertThat(console.get("/groups.html").status()).as("a broker's page").isEqualTo(404);
        }
    }

    @Test
    void withTheConsoleOffNoPortIsOpened() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE)) {
            assertThat(nameServer.consolePort()).isEqualTo(-1);
        }
    }

    private static Properties consoleOn() {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("consoleEnable", "true");
        settings.setProperty("consoleListenHost", "127.0.0.1");
        settings.setProperty("consoleListenPort", "0");
        return settings;
    }

    private static JsonNode topic(JsonNode view, String name) {
        for (JsonNode topic : view.path("topics")) {
            if (topic.path("name").asText().equals(name)) {
                return topic;
            }
        }
        throw new AssertionError("no topic " + name + " in " + view);
    }
}
