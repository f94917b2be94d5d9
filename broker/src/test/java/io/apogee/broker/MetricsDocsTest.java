package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.launcher.Ports;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/metrics.md and the Grafana dashboard agree with the endpoint: every metric a broker serves is documented, and
 * every metric the dashboard queries is documented.
 */
class MetricsDocsTest {
    private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern DOCUMENTED = Pattern.compile("^\\| `([a-z_]+)` \\|", Pattern.MULTILINE);
    // a metric in a PromQL expression: a name before its label matcher (a label name is never followed by "{")
    private static final Pattern QUERIED = Pattern.compile("\\b((?:rocketmq|apogee|jvm|rabbitmq)_[a-z_]+)\\{");

    @TempDir
    Path dir;

    @Test
    void everyServedMetricIsDocumented() throws Exception {
        Set<String> documented = documented();
        int port = Ports.free();
        try (TestBroker broker = TestBroker.start(dir, Map.of("metricsExporterType", "PROM", "metricsPromExporterHost",
            "127.0.0.1", "metricsPromExporterPort", Integer.toString(port)))) {
            send(broker.address());
            PrometheusScrape scrape = PrometheusScrape.of("127.0.0.1", port);
            Set<String> served = new TreeSet<>();
            // a histogram's series (the names beside a "_bucket" one) are documented under its name
            Set<String> histograms = new TreeSet<>();
            scrape.names().stream().filter(name -> name.endsWith("_bucket"))
                .forEach(name -> histograms.add(name.substring(0, name.length() - "_bucket".length())));
            for (String name : scrape.names()) {
                String base = name.replaceFirst("_(bucket|count|sum)$", "");
                served.add(histograms.contains(base) ? base : name);
            }
            assertThat(served).as("served after one send").contains("rocketmq_topic_number", "rocketmq_message_size",
                "rocketmq_storage_size_bytes", "rocketmq_half_messages", "jvm_memory_used_bytes");
            assertThat(documented).as("docs/metrics.md").containsAll(served);
            assertThat(scrape.sum("rocketmq_topic_number")).isEqualTo(broker.context().metadata().topics().size());
        }
    }

    @Test
    void theDashboardQueriesOnlyDocumentedMetrics() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(CHECKOUT.resolve("docs/grafana/apogee-broker.json").toFile());
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher name = QUERIED.matcher(target.path("expr").asText());
                while (name.find()) {
                    queried.add(name.group(1));
                }
            }
        }
        assertThat(queried).hasSizeGreaterThan(15);
        assertThat(documented()).as("docs/metrics.md").containsAll(queried);
    }

    /** One message sent, so that the histogram of message sizes has a series. */
    private static void send(String address) throws Exception {
        try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
            new SendMessageRequestHeader().keys(SendHeaderKeys.V2).producerGroup("p").topic("DocumentedTopic")
                .defaultTopic("TBW102").defaultTopicQueueNums(1).queueId(0).sysFlag(0)
                .bornTimestamp(System.currentTimeMillis()).flag(0).properties("").encode(header.ext());
            try (RemotingResponse response = client.invokeSync(address, header, Unpooled.wrappedBuffer(new byte[10]),
                10_000)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            }
        }
    }

    private static Set<String> documented() throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher row = DOCUMENTED.matcher(Files.readString(CHECKOUT.resolve("docs/metrics.md")));
        while (row.find()) {
            names.add(row.group(1));
        }
        return names;
    }
}
