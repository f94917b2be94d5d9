package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests the protocol refuses, sent by the Java client's low-level connection over a real socket; the same codes
 * come from RabbitMQ ({@link StreamClientsOnRabbitMqTest}).
 */
class StreamBadInputTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<Short> publishErrors = new CopyOnWriteArrayList<>();
    private Client client;

    @BeforeEach
    void connect() {
        client = newClient(new Client.ClientParameters()
            .publishErrorListener((publisherId, publishingId, code) -> publishErrors.add(code)));
    }

    @Test
    void aSecondSubscriptionWithOneIdIsRefused() {
        String s = stream("s");
        assertThat(client.create(s).isOk()).isTrue();
        assertThat(client.subscribe((byte) 1, s, OffsetSpecification.first(), 1).isOk()).isTrue();
        assertThat(client.subscribe((byte) 1, s, OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_SUBSCRIPTION_ID_ALREADY_EXISTS);
        assertThat(client.unsubscribe((byte) 2).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_SUBSCRIPTION_ID_DOES_NOT_EXIST);
    }

    @Test
    void anUnknownStreamIsNamedAsSuch() {
        String missing = stream("missing");
        String s = stream("s");
        assertThat(client.declarePublisher((byte) 0, null, missing).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.subscribe((byte) 0, missing, OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.delete(missing).getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.create(s).isOk()).isTrue();
        assertThat(client.create(s).getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_STREAM_ALREADY_EXISTS);
        assertThat(client.metadata(s, missing).get(missing).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    @Test
    void aPublishToADeletedStreamGetsAPublishErrorForItsPublisherDeletedWithIt() throws Exception {
        String gone = stream("gone");
        assertThat(client.create(gone).isOk()).isTrue();
        assertThat(client.declarePublisher((byte) 3, null, gone).isOk()).isTrue();
        assertThat(client.delete(gone).isOk()).isTrue();
        client.publish((byte) 3, List.of(client.messageBuilder().addData("late".getBytes(StandardCharsets.UTF_8)).build()));
        Await.until("a publish error", WAIT, () -> !publishErrors.isEmpty());
        assertThat(publishErrors).as("deleting a stream deletes its publishers")
            .containsExactly(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
        assertThat(client.deletePublisher((byte) 3).getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
        assertThat(client.create(gone).isOk()).isTrue();
        assertThat(client.declarePublisher((byte) 3, null, gone).isOk()).as("the id is free again").isTrue();
    }

    @Test
    void aConnectionWhosePublisherLostItsStreamIsSentAMetadataUpdate() throws Exception {
        List<String> updates = new CopyOnWriteArrayList<>();
        Client publishing = newClient(new Client.ClientParameters()
            .metadataListener((stream, code) -> updates.add(stream + " " + code)));
        String gone = stream("gone");
        assertThat(client.create(gone).isOk()).isTrue();
        assertThat(publishing.declarePublisher((byte) 1, null, gone).isOk()).isTrue();
        assertThat(client.delete(gone).isOk()).as("deleted from another connection").isTrue();
        Await.until("a metadata update", WAIT, () -> !updates.isEmpty());
        assertThat(updates).containsExactly(gone + " " + Constants.RESPONSE_CODE_STREAM_NOT_AVAILABLE);
        assertThat(publishing.deletePublisher((byte) 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
    }

    @Test
    void aPublishWithAnUndeclaredPublisherGetsAPublishError() throws Exception {
        client.publish((byte) 9, List.of(client.messageBuilder().addData(new byte[] {1}).build()));
        Await.until("a publish error", WAIT, () -> !publishErrors.isEmpty());
        assertThat(publishErrors).containsExactly(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
    }
}
