package io.apogee.broker.auth.authorization;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ACL admin codes with RocketMQ's headers and AclInfo bodies: create merges into an existing ACL, delete takes
 * one entry or the whole ACL, get and list answer AclInfo JSON, and RocketMQ's refusals come back NO_PERMISSION with
 * its messages.
 */
class AclAdminProcessorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORDERS = "{\"subject\":\"User:alice\",\"policies\":[{\"entries\":[{\"resource\":"
        + "\"Topic:orders\",\"actions\":[\"Pub\",\"Sub\"],\"sourceIps\":[\"10.0.0.0/8\"],\"decision\":\"Allow\"}]}]}";
    private static final String BILLING = "{\"policies\":[{\"policyType\":\"Custom\",\"entries\":[{\"resource\":"
        + "\"Group:billing\",\"actions\":[\"sub\"],\"decision\":\"deny\"},{\"resource\":\"Topic:orders\",\"actions\":"
        + "[\"Get\"],\"decision\":\"Deny\"}]}]}";

    @TempDir
    Path dir;

    private AclStore acls;
    private ProcessorHarness harness;

    @BeforeEach
    void start() {
        acls = AclStore.open(TempMetadata.files(dir));
        UserDirectory users = name -> name.equals("alice") || name.equals("bob") ? UserDirectory.UserKind.NORMAL : null;
        harness = new ProcessorHarness(new AclAdminProcessor(new AclAdmin(acls, users)), AclAdminProcessor.CODES);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private Frame send(int code, Map<String, String> ext, String body) {
        return harness.sendRaw(code, ext, body == null ? null : ProcessorHarness.utf8(body));
    }

    private JsonNode get(String subject) throws Exception {
        Frame answer = send(RequestCode.AUTH_GET_ACL, Map.of("subject", subject), null);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        return answer.body().length == 0 ? null : JSON.readTree(answer.body());
    }

    @Test
    void createThenUpdateMergesEntriesByResource() throws Exception {
        assertThat(send(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), ORDERS).code())
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(send(RequestCode.AUTH_UPDATE_ACL, Map.of("subject", "User:alice"), BILLING).code())
            .isEqualTo(ResponseCode.SUCCESS);

        assertThat(get("User:alice")).isEqualTo(JSON.readTree("{\"subject\":\"User:alice\",\"policies\":[{\"policyType\":"
            + "\"Custom\",\"entries\":[{\"resource\":\"Topic:orders\",\"actions\":[\"Get\"],\"decision\":\"Deny\"},"
            + "{\"resource\":\"Group:billing\",\"actions\":[\"Sub\"],\"decision\":\"Deny\"}]}]}"));
        assertThat(acls.get("User:alice").policies().getFirst().entries()).hasSize(2);
    }

    @Test
    void deleteTakesOneEntryThenTheWholeAcl() throws Exception {
        send(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), BILLING);

        assertThat(send(RequestCode.AUTH_DELETE_ACL, Map.of("subject", "User:alice", "resource", "Group:billing"), null)
            .code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(get("User:alice").path("policies").get(0).path("entries")).hasSize(1);
        assertThat(send(RequestCode.AUTH_DELETE_ACL, Map.of("subject", "User:alice"), null).code())
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(get("User:alice")).as("no ACL: no body").isNull();

        Frame missing = send(RequestCode.AUTH_DELETE_ACL, Map.of("subject", "User:alice"), null);
        assertThat(missing.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(missing.remark()).isEqualTo("The acl is not exist.");
    }

    @Test
    void listFiltersBySubjectAndResourceSubstrings() throws Exception {
        send(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), ORDERS);
        send(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:bob"), BILLING);

        JsonNode all = JSON.readTree(send(RequestCode.AUTH_LIST_ACL, Map.of(), null).body());
        JsonNode bob = JSON.readTree(send(RequestCode.AUTH_LIST_ACL, Map.of("subjectFilter", "bob"), null).body());
        JsonNode billing = JSON.readTree(send(RequestCode.AUTH_LIST_ACL, Map.of("resourceFilter", "bill"), null).body());

        assertThat(all).hasSize(2);
        assertThat(bob).hasSize(1);
        assertThat(bob.get(0).path("subject").asText()).isEqualTo("User:bob");
        assertThat(billing).hasSize(1);
        assertThat(billing.get(0).path("policies").get(0).path("entries")).hasSize(1);
        assertThat(send(RequestCode.AUTH_LIST_ACL, Map.of("subjectFilter", "carol"), null).body()).isEmpty();
    }

    @Test
    void refusalsCarryRocketMqsMessages() {
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:mallory", ORDERS.replace("alice", "mallory"),
            "The subject of User:mallory is not exist.");
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:alice", ORDERS.replace("\"Pub\",\"Sub\"", "\"Any\""),
            "The actions can not be Any.");
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:alice", ORDERS.replace("\"Pub\",\"Sub\"", "\"Jump\""),
            "The actions is empty.");
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:alice", ORDERS.replace("Topic:orders", "Queue:orders"),
            "The resource is null.");
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:alice", ORDERS.replace("10.0.0.0/8", "10.0.0.0/40"),
            "The source ip is invalid.");
        assertRefused(RequestCode.AUTH_CREATE_ACL, "User:alice", ORDERS.replace("Allow", "Maybe"),
            "The decision is null or illegal.");
        assertRefused(RequestCode.AUTH_GET_ACL, "User:mallory", null, "The subject is not exist.");
        assertThat(acls.all()).isEmpty();

        Frame noBody = send(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), null);
        assertThat(noBody.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(noBody.remark()).isEqualTo("The body of acl is null");
    }

    private void assertRefused(int code, String subject, String body, String message) {
        Frame answer = send(code, Map.of("subject", subject), body);
        assertThat(answer.code()).as(message).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(answer.remark()).isEqualTo(message);
    }
}
