package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static io.apogee.broker.SignedFrames.frame;
import static io.apogee.broker.SignedFrames.signed;

import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ACL 2.0 authorization behind authentication, over real sockets, with sends signed by the official 5.4.0
 * AclClientRPCHook in both header serializations: a user allowed to publish to one topic sends there and is refused
 * NO_PERMISSION on another, which stores nothing; a super user needs no ACL.
 */
@Tag("slow")
class AuthorizationTest {
    private static final String ALLOWED = "Orders";
    private static final String OTHER = "Audit";
    private static final SessionCredentials ALICE = new SessionCredentials("alice", "alice-secret");
    private static final SessionCredentials ROOT = new SessionCredentials("root", "root-secret");

    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("broker"), Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}"));
        broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
        broker.context().acls().put(new Acl(Acl.USER_PREFIX + "alice", List.of(new Policy(PolicyType.CUSTOM, List.of(
            new PolicyEntry(Resource.parse("Topic:" + ALLOWED), List.of(Action.byName("Pub")), SourceIps.EVERY,
                Decision.ALLOW))))));
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void aUserSendsWhereItsAclAllowsAndIsRefusedElsewhereWithNothingStored(SerializeType type) throws Exception {
        long allowedBefore = stored(ALLOWED);
        RemotingCommand allowed = send(signed(ALLOWED, "allowed", ALICE, type));
        assertThat(allowed.getCode()).as(allowed.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(stored(ALLOWED)).isEqualTo(allowedBefore + 1);

        RemotingCommand refused = send(signed(OTHER, "refused", ALICE, type));
        assertThat(refused.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(refused.getRemark()).contains("User:alice", OTHER);
        assertThat(stored(OTHER)).isZero();
    }

    @Test
    void aSuperUserNeedsNoAcl() throws Exception {
        RemotingCommand answer = send(signed("SuperOnly", "super", ROOT, SerializeType.JSON));
        assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static RemotingCommand send(SignedFrames.Signed request) throws Exception {
        return SignedFrames.send(broker.context().brokerPort(), frame(request.command()));
    }

    private static long stored(String topic) {
        long total = 0;
        for (int queue = 0; queue < 8; queue++) {
            total += broker.maxOffset(topic, queue);
        }
        return total;
    }
}
