package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console over plain HTTP on a broker without clients: none unless asked for, its pages and JSON served while the
 * broker runs and its port freed with it, and every bad input answered 400 (or 404, 405, 413) with a message.
 */
class ConsoleHttpTest {
    private static final Map<String, String> CONSOLE = Map.of("consoleEnable", "true", "consoleListenPort", "0",
        "consoleListenHost", "127.0.0.1");

    @TempDir
    Path dir;

    @Test
    void noConsoleUnlessAskedFor() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().consolePort()).isZero();
        }
    }

    @Test
    void pagesAndJsonServedWhileTheBrokerRunsAndThePortFreedWithIt() throws Exception {
        ConsoleHttp http;
        try (TestBroker broker = TestBroker.start(dir, CONSOLE)) {
            http = new ConsoleHttp(broker.context().consolePort());
            for (String page : new String[] {"/", "/topics.html", "/groups.html", "/message.html"}) {
                ConsoleHttp.Answer answer = http.get(page);
                assertThat(answer.status()).as(page).isEqualTo(200);
                assertThat(answer.contentType()).startsWith("text/html");
                assertThat(answer.body()).contains("<script src=\"console.js\"").doesNotContain("http://", "https://");
            }
            assertThat(http.get("/").body()).as("the charts").contains("<canvas id=\"chart-tps\"");
            assertThat(http.get("/console.js").contentType()).startsWith("text/javascript");
            assertThat(http.get("/console.css").contentType()).startsWith("text/css");
            ConsoleHttp.Answer topics = http.get("/api/topics");
            assertThat(topics.contentType()).startsWith("application/json");
            assertThat(topics.json().path("topics").size()).isEqualTo(broker.context().metadata().topics().size());
            assertThat(http.get("/api/groups").json().path("groups").size()).isZero();
            assertThat(http.get("/api/overview").json().path("brokers").get(0).path("name").asText())
                .isEqualTo("broker-a");
            assertThat(http.get("/api/series").json().path("intervalMillis").asLong()).isEqualTo(5_000);
        }
        assertThatThrownBy(() -> http.get("/api/topics")).isInstanceOf(ConnectException.class);
    }

    @Test
    void aTakenPortStopsStartUpNamingTheKey() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> TestBroker.start(dir, Map.of("consoleEnable", "true", "consoleListenHost",
                "127.0.0.1", "consoleListenPort", Integer.toString(taken.getLocalPort()))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("consoleListenPort")
                .hasMessageContaining(Integer.toString(taken.getLocalPort()));
        }
        try (TestBroker broker = TestBroker.start(dir, CONSOLE)) {
            assertThat(new ConsoleHttp(broker.context().consolePort()).get("/api/topics").status())
                .as("the failed start left the store usable").isEqualTo(200);
        }
    }

    @Test
    void badInputIsRefusedWithAMessage() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, CONSOLE)) {
            ConsoleHttp http = new ConsoleHttp(broker.context().consolePort());
            assertRefused(http.get("/api/message"), 400, "parameter id is required");
            assertRefused(http.get("/api/message?topic=T&key="), 400, "parameter key is required");
            assertRefused(http.get("/api/message?topic=bad%20topic&key=k"), 400, "topic");
            assertRefused(http.get("/api/message?topic=T&key=" + "k".repeat(256)), 400, "longer than 255");
            assertRefused(http.get("/api/message?topic=T&key=a%00b"), 400, "control character");
            assertRefused(http.get("/api/message?topic=T&topic=U&key=k"), 400, "given twice");
            assertRefused(http.get("/api/message?" + "a=1&".repeat(17)), 400, "more than 16 parameters");
            assertRefused(http.get("/api/message?key=" + "k".repeat(2100)), 400, "longer than 2048");
            assertRefused(http.get("/api/message?id=0000000000000000"), 404, "no message");
            assertRefused(http.get("/api/message?topic=T&key=nothing"), 404, "no message");
            assertRefused(http.get("/nothing.html"), 404, "no page");
            assertRefused(http.get("/api/reset-offset?group=g&topic=T&timestamp=0"), 405, "use POST");
            assertRefused(http.reset("group=g&topic=T&timestamp=soon", null), 400, "timestamp must be a whole number");
            assertRefused(http.reset("group=g&topic=T&timestamp=-1", null), 400, "timestamp must be 0..");
            assertRefused(http.reset("group=bad%2Fgroup&topic=T&timestamp=0", null), 400, "group");
            assertRefused(http.reset("group=g&topic=NoSuchTopic&timestamp=0", null), 404, "no topic NoSuchTopic");
            assertRefused(http.send(HttpRequest.newBuilder(URI.create(http.base() + "/api/reset-offset?group=g&topic=T"
                + "&timestamp=0")).POST(HttpRequest.BodyPublishers.noBody()).build()), 400, "X-Apogee-Console");
            assertRefused(http.send(HttpRequest.newBuilder(URI.create(http.base() + "/api/topics"))
                .method("GET", HttpRequest.BodyPublishers.ofString("x".repeat(2000))).build()), 413, "at most 1024");
            assertThat(http.get("/api/topics").status()).as("still serving").isEqualTo(200);
        }
    }

    private static void assertRefused(ConsoleHttp.Answer answer, int status, String message) throws IOException {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.error()).contains(message);
    }
}
