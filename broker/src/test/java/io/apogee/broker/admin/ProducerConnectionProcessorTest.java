package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** mqadmin's producerConnection (code 204): a producer group's live members as their heartbeats said. */
class ProducerConnectionProcessorTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ClientDirectory clients = new ClientDirectory();

    @Test
    void aGroupsLiveProducersAreListed() throws IOException {
        try (ProcessorHarness harness = new ProcessorHarness(new ProducerConnectionProcessor(clients),
            ProducerConnectionProcessor.CODES)) {
            ProcessorHarness.Connection gone = harness.connect();
            clients.onHeartbeat(harness.connection().peer(), "10.0.0.1@one", "JAVA", 493,
                mapper.readTree("{\"producerDataSet\":[{\"groupName\":\"PG\"},{\"groupName\":\"CLIENT_INNER_PRODUCER\"}]}"));
            clients.onHeartbeat(gone.peer(), "10.0.0.2@two", "CPP", 400,
                mapper.readTree("{\"producerDataSet\":[{\"groupName\":\"PG\"}]}"));
            gone.close();
            Frame answer = harness.sendRaw(RequestCode.GET_PRODUCER_CONNECTION_LIST, Map.of("producerGroup", "PG"), null);
            assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
            JsonNode set = mapper.readTree(answer.body()).path("connectionSet");
            assertThat(set).hasSize(1);
            assertThat(set.get(0).path("clientId").asText()).isEqualTo("10.0.0.1@one");
            assertThat(set.get(0).path("clientAddr").asText()).isEqualTo(harness.connection().peer().address());
            assertThat(set.get(0).path("language").asText()).isEqualTo("JAVA");
            assertThat(set.get(0).path("version").asInt()).isEqualTo(493);

            clients.unregisterProducer("PG", "10.0.0.1@one");
            clients.removePeer(gone.peer());
            Frame left = harness.sendRaw(RequestCode.GET_PRODUCER_CONNECTION_LIST, Map.of("producerGroup", "PG"), null);
            assertThat(left.code()).as("a group whose last producer left is forgotten, as in RocketMQ")
                .isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(harness.sendRaw(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                Map.of("producerGroup", "CLIENT_INNER_PRODUCER"), null).code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }

    @Test
    void anUnknownOrMissingGroupIsRefused() {
        try (ProcessorHarness harness = new ProcessorHarness(new ProducerConnectionProcessor(clients),
            ProducerConnectionProcessor.CODES)) {
            Frame unknown = harness.sendRaw(RequestCode.GET_PRODUCER_CONNECTION_LIST, Map.of("producerGroup", "PG"), null);
            assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(unknown.remark()).isEqualTo("the producer group[PG] not exist");
            Frame missing = harness.sendRaw(RequestCode.GET_PRODUCER_CONNECTION_LIST, Map.of(), null);
            assertThat(missing.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(missing.remark()).isEqualTo("producerGroup is missing");
        }
    }
}
