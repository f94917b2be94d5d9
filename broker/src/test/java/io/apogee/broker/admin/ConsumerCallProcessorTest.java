package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.GetConsumerRunningInfoRequestHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * mqadmin's consumerStatus (code 307): the broker passes the request on to the consumer over the consumer's own
 * connection, and the consumer's answer back to mqadmin; both connections are embedded channels.
 */
class ConsumerCallProcessorTest {
    private static final String CONSUMER = "{\"consumerDataSet\":[{\"groupName\":\"CG\"}]}";

    private final ObjectMapper mapper = new ObjectMapper();
    private final ClientDirectory clients = new ClientDirectory();

    @Test
    void theRequestGoesToTheConsumerAndItsAnswerComesBack() throws IOException {
        try (ProcessorHarness harness = new ProcessorHarness(new ConsumerCallProcessor(clients, null, null, null, "broker-a"),
            ConsumerCallProcessor.CODES)) {
            ProcessorHarness.Connection consumer = harness.connect();
            clients.onHeartbeat(consumer.peer(), "c1", "JAVA", ProtocolVersion.V5_4_0, mapper.readTree(CONSUMER));
            ProcessorHarness.Connection admin = harness.connection();
            admin.sendHeld(RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoRequestHeader().consumerGroup("CG").clientId("c1").jstackEnable(true), null);
            assertThat(admin.next()).as("no answer before the consumer's").isNull();

            Frame call = consumer.next();
            assertThat(call.isResponse()).isFalse();
            assertThat(call.code()).isEqualTo(RequestCode.GET_CONSUMER_RUNNING_INFO);
            assertThat(call.ext()).containsEntry("consumerGroup", "CG").containsEntry("clientId", "c1")
                .containsEntry("jstackEnable", "true");
            assertThat(call.version()).isEqualTo(ProtocolVersion.BROKER);
            consumer.respond(call, ResponseCode.SUCCESS, null, "{\"properties\":{}}".getBytes(StandardCharsets.UTF_8));

            Frame answer = admin.next();
            assertThat(answer.isResponse()).isTrue();
            assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(answer.text()).isEqualTo("{\"properties\":{}}");
        }
    }

    @Test
    void theConsumersRefusalComesBackAsItCame() throws IOException {
        try (ProcessorHarness harness = new ProcessorHarness(new ConsumerCallProcessor(clients, null, null, null, "broker-a"),
            ConsumerCallProcessor.CODES)) {
            ProcessorHarness.Connection consumer = harness.connect();
            clients.onHeartbeat(consumer.peer(), "c1", "JAVA", ProtocolVersion.V5_4_0, mapper.readTree(CONSUMER));
            ProcessorHarness.Connection admin = harness.connection();
            admin.sendHeld(RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoRequestHeader().consumerGroup("CG").clientId("c1"), null);
            consumer.respond(consumer.next(), ResponseCode.SYSTEM_ERROR, "The Consumer Group <CG> not exist in this consumer",
                null);
            Frame answer = admin.next();
            assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(answer.remark()).isEqualTo("The Consumer Group <CG> not exist in this consumer");
        }
    }

    @Test
    void aConsumerWhoseConnectionClosesBeforeAnsweringIsAnError() throws IOException {
        try (ProcessorHarness harness = new ProcessorHarness(new ConsumerCallProcessor(clients, null, null, null, "broker-a"),
            ConsumerCallProcessor.CODES)) {
            ProcessorHarness.Connection consumer = harness.connect();
            clients.onHeartbeat(consumer.peer(), "c1", "JAVA", ProtocolVersion.V5_4_0, mapper.readTree(CONSUMER));
            ProcessorHarness.Connection admin = harness.connection();
            admin.sendHeld(RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoRequestHeader().consumerGroup("CG").clientId("c1"), null);
            assertThat(consumer.next().code()).isEqualTo(RequestCode.GET_CONSUMER_RUNNING_INFO);
            consumer.close();
            Frame answer = admin.next();
            assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(answer.remark()).startsWith("invoke consumer <CG> <c1> Exception: ");
        }
    }

    @Test
    void aMemberNotOnlineOrTooOldIsRefusedWithoutACall() throws IOException {
        try (ProcessorHarness harness = new ProcessorHarness(new ConsumerCallProcessor(clients, null, null, null, "broker-a"),
            ConsumerCallProcessor.CODES)) {
            ProcessorHarness.Connection old = harness.connect();
            clients.onHeartbeat(old.peer(), "ancient", "JAVA", 40, mapper.readTree(CONSUMER));
            Frame offline = running(harness, "CG", "c9");
            assertThat(offline.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(offline.remark()).isEqualTo("The Consumer <CG> <c9> not online");
            Frame tooOld = running(harness, "CG", "ancient");
            assertThat(tooOld.remark()).isEqualTo("The Consumer <ancient> Version <40> too low to finish, please upgrade it"
                + " to V3_1_8_SNAPSHOT");
            assertThat(old.next()).as("nothing sent to the old client").isNull();
            Frame missing = harness.sendRaw(RequestCode.GET_CONSUMER_RUNNING_INFO, Map.of("consumerGroup", "CG"), null);
            assertThat(missing.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(missing.remark()).isEqualTo("consumerGroup and clientId are required");
        }
    }

    private static Frame running(ProcessorHarness harness, String group, String clientId) {
        return harness.sendRaw(RequestCode.GET_CONSUMER_RUNNING_INFO, Map.of("consumerGroup", group, "clientId",
            clientId), null);
    }
}
