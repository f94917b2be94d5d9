package io.apogee.broker.auth.authorization;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker serves the ACL admin codes on its port, with the settings of its broker.conf. The requests are unsigned,
 * so the codes are on the authorization whitelist; no user exists, so an ACL is refused as RocketMQ refuses one for a
 * missing user.
 */
class BrokerAclCodesTest {
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    Path dir;

    @Test
    void theAclCodesAreServedAndAnAclForAMissingUserIsRefused() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("authorizationEnabled", "true",
                "authorizationWhitelist", RequestCode.AUTH_CREATE_ACL + "," + RequestCode.AUTH_LIST_ACL));
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            RemotingHeader create = new RemotingHeader().asRequest(RequestCode.AUTH_CREATE_ACL, 0);
            create.ext().add("subject", "User:alice");
            String body = "{\"policies\":[{\"entries\":[{\"resource\":\"Topic:orders\",\"actions\":[\"Pub\"],"
                + "\"decision\":\"Allow\"}]}]}";
            try (RemotingResponse response = client.invokeSync(broker.address(), create,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(response.remark()).isEqualTo("The subject of User:alice is not exist.");
            }
            try (RemotingResponse response = client.invokeSync(broker.address(),
                new RemotingHeader().asRequest(RequestCode.AUTH_LIST_ACL, 0), null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(response.body().readableBytes()).isZero();
            }
            assertThat(broker.context().authorizer().enabled()).isTrue();
        }
    }
}
