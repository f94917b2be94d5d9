package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.log.StreamLog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second stream client no one here wrote: RabbitMQ's Node.js client {@code rabbitmq-stream-js-client}, installed from
 * the npm registry under {@code target/node-stream-client}, runs {@code node/stream-client.js} against the stream
 * server. The script creates a stream, publishes messages with filter values ("even", "odd") and confirms, consumes
 * them from the first offset, then consumes with a filter on "even"; this test checks what it printed and what the
 * stream holds.
 *
 * <p>Without {@code node} and {@code npm} the test is skipped, saying so; with {@code APOGEE_REQUIRE_NODE} set (as
 * .ci/run sets it after installing Debian's {@code nodejs} and {@code npm}) it fails instead.
 */
@Tag("slow")
class NodeStreamClientTest {
    /** The client's version, pinned so that a new release cannot change what this test runs. */
    static final String CLIENT = "rabbitmq-stream-js-client@1.0.0";
    private static final Path INSTALL = Path.of("target", "node-stream-client");
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    private static final int MESSAGES = 100;
    private static final Pattern RECEIVED = Pattern.compile("\\{\"offset\":(\\d+),\"body\":\"([^\"]*)\"}");

    @TempDir
    Path dir;
    private StreamFixture broker;

    @BeforeAll
    static void installClient() throws Exception {
        Path script = INSTALL.resolve("stream-client.js");
        Files.createDirectories(INSTALL);
        try (InputStream in = NodeStreamClientTest.class.getResourceAsStream("/node/stream-client.js")) {
            Files.write(script, in.readAllBytes());
        }
        if (Files.exists(INSTALL.resolve("node_modules/rabbitmq-stream-js-client/package.json"))
            && Files.readString(INSTALL.resolve("node_modules/rabbitmq-stream-js-client/package.json"))
                .contains("\"version\": \"" + CLIENT.substring(CLIENT.indexOf('@') + 1) + "\"")) {
            return;
        }
        Result install;
        try {
            install = run(INSTALL_TIMEOUT, "npm", "install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error",
                "--prefix", INSTALL.toAbsolutePath().toString(), CLIENT);
        } catch (IOException e) {
            cannotRun("npm did not start: " + e.getMessage(), e);
            return;
        }
        if (install.exitCode() != 0) {
            cannotRun("npm install " + CLIENT + " failed: " + install.output(), null);
        }
    }

    @BeforeEach
    void start() throws InterruptedException {
        broker = StreamFixture.start(dir);
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    @Test
    void theNodeClientPublishesWithConfirmsAndConsumesFromTheFirstOffset() throws Exception {
        Result result;
        try {
            result = run(RUN_TIMEOUT, "node", INSTALL.resolve("stream-client.js").toAbsolutePath().toString(),
                Integer.toString(broker.port()), "node-stream", Integer.toString(MESSAGES));
        } catch (IOException e) {
            cannotRun("node did not start: " + e.getMessage(), e);
            return;
        }
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("{\"confirmed\":" + MESSAGES + "}").contains("{\"done\":true}");
        List<String> bodies = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        Matcher matcher = RECEIVED.matcher(result.output());
        while (matcher.find()) {
            offsets.add(Long.parseLong(matcher.group(1)));
            bodies.add(matcher.group(2));
        }
        List<String> expected = new ArrayList<>();
        List<Long> expectedOffsets = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            expected.add("message-" + i);
            expectedOffsets.add((long) i);
        }
        assertThat(bodies).as(result.output()).containsExactlyElementsOf(expected);
        assertThat(offsets).containsExactlyElementsOf(expectedOffsets);
        assertThat(broker.registry.get("node-stream").nextOffset()).isEqualTo(MESSAGES);

        List<String> even = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i += 2) {
            even.add("\"message-" + i + "\"");
        }
        assertThat(result.output()).as("the filtering consumer's messages")
            .contains("{\"filtered\":[" + String.join(",", even) + "]}");
        StreamLog.ChunkBytes first = broker.registry.get("node-stream").retainChunk(0);
        try {
            assertThat(first.bloomSize()).as("publish v2 with filter values: a bloom filter").isEqualTo(16);
        } finally {
            first.segment().release();
        }
    }

    private record Result(int exitCode, String output) {
    }

    /** Runs {@code command} in {@link #INSTALL}, its error output merged into its output, killed after {@code timeout}. */
    private static Result run(Duration timeout, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("node-stream-client", ".log");
        try {
            Process process = new ProcessBuilder(command).directory(INSTALL.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                Assertions.fail(String.join(" ", command) + " ran over " + timeout + ": "
                    + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void cannotRun(String reason, Throwable cause) {
        if (System.getenv("APOGEE_REQUIRE_NODE") != null) {
            Assertions.fail("APOGEE_REQUIRE_NODE is set and " + reason, cause);
        }
        Assumptions.abort("the Node.js client test needs node and npm: " + reason);
    }
}
