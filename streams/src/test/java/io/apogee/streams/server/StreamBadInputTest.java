package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests the protocol refuses, sent by the Java client's low-level connection over a real socket. */
class StreamBadInputTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;
    private StreamFixture broker;
    private final List<Short> publishErrors = new CopyOnWriteArrayList<>();
    private Client client;

    @BeforeEach
    void start() throws InterruptedException {
        broker = StreamFixture.start(dir);
        client = new Client(new Client.ClientParameters().host("127.0.0.1").port(broker.port())
            .publishErrorListener((publisherId, publishingId, code) -> publishErrors.add(code)));
    }

    @AfterEach
    void stop() {
        client.close();
        broker.close();
    }

    @Test
    void aSecondSubscriptionWithOneIdIsRefused() {
        assertThat(client.create("s").isOk()).isTrue();
        assertThat(client.subscribe((byte) 1, "s", OffsetSpecification.first(), 1).isOk()).isTrue();
        assertThat(client.subscribe((byte) 1, "s", OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_SUBSCRIPTION_ID_ALREADY_EXISTS);
        assertThat(client.unsubscribe((byte) 2).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_SUBSCRIPTION_ID_DOES_NOT_EXIST);
    }

    @Test
    void anUnknownStreamIsNamedAsSuch() {
        assertThat(client.declarePublisher((byte) 0, null, "missing").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.subscribe((byte) 0, "missing", OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.delete("missing").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.create("s").isOk()).isTrue();
        assertThat(client.create("s").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_STREAM_ALREADY_EXISTS);
        assertThat(client.metadata("s", "missing").get("missing").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    @Test
    void aPublishToADeletedStreamGetsAPublishError() throws Exception {
        assertThat(client.create("gone").isOk()).isTrue();
        assertThat(client.declarePublisher((byte) 3, null, "gone").isOk()).isTrue();
        assertThat(client.delete("gone").isOk()).isTrue();
        client.publish((byte) 3, List.of(client.messageBuilder().addData("late".getBytes(StandardCharsets.UTF_8)).build()));
        Await.until("a publish error", WAIT, () -> !publishErrors.isEmpty());
        assertThat(publishErrors).containsExactly(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    @Test
    void aPublishWithAnUndeclaredPublisherGetsAPublishError() throws Exception {
        client.publish((byte) 9, List.of(client.messageBuilder().addData(new byte[] {1}).build()));
        Await.until("a publish error", WAIT, () -> !publishErrors.isEmpty());
        assertThat(publishErrors).containsExactly(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
    }
}
