package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's reset action behind authentication and authorization: no login or a wrong one is 401 with a Basic
 * challenge, a disabled user too, a user without UPDATE on the group 403, and the group's ACL user or a super user
 * reset it. The pages and the JSON that only read need no login.
 */
class ConsoleLoginTest {
    private static final String TOPIC = "LoginTopic";
    private static final String RESET = "group=ledger&topic=" + TOPIC + "&timestamp=0";

    @TempDir
    Path dir;

    @Test
    void resetNeedsAnAclUserAllowedOnTheGroup() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("authenticationEnabled", "true",
            "authorizationEnabled", "true", "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
            "consoleEnable", "true", "consoleListenPort", "0", "consoleListenHost", "127.0.0.1"))) {
            broker.context().metadata().topics().put(new TopicConfig(TOPIC, 2, 2,
                TopicConfig.PERMISSION_READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
            broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
            broker.context().metadata().users().put(new User("bob", "bob-secret", UserType.NORMAL, UserStatus.ENABLE));
            broker.context().metadata().users().put(new User("carol", "carol-secret", UserType.NORMAL,
                UserStatus.DISABLE));
            broker.context().acls().put(new Acl(Acl.USER_PREFIX + "alice", List.of(new Policy(PolicyType.CUSTOM,
                List.of(new PolicyEntry(Resource.parse("Group:ledger"), List.of(Action.byName("Update")),
                    SourceIps.EVERY, Decision.ALLOW))))));
            ConsoleHttp http = new ConsoleHttp(broker.context().consolePort());

            ConsoleHttp.Answer anonymous = http.reset(RESET, null);
            assertThat(anonymous.status()).isEqualTo(401);
            assertThat(anonymous.challenge()).startsWith("Basic realm=");
            assertThat(http.reset(RESET, "alice:wrong").status()).isEqualTo(401);
            assertThat(http.reset(RESET, "nobody:alice-secret").status()).isEqualTo(401);
            assertThat(http.reset(RESET, "carol:carol-secret").status()).as("disabled").isEqualTo(401);
            ConsoleHttp.Answer bob = http.reset(RESET, "bob:bob-secret");
            assertThat(bob.status()).isEqualTo(403);
            assertThat(bob.error()).contains("bob", "ledger");
            assertThat(broker.committedOffset("ledger", TOPIC, 0)).as("nothing reset yet").isEqualTo(-1);

            ConsoleHttp.Answer alice = http.reset(RESET, "alice:alice-secret");
            assertThat(alice.status()).as(alice.body()).isEqualTo(200);
            assertThat(broker.committedOffset("ledger", TOPIC, 0)).isZero();
            assertThat(http.reset("group=other&topic=" + TOPIC + "&timestamp=0", "alice:alice-secret").status())
                .as("her ACL names only ledger").isEqualTo(403);
            assertThat(http.reset("group=other&topic=" + TOPIC + "&timestamp=0", "root:root-secret").status())
                .as("a super user").isEqualTo(200);
            assertThat(http.get("/api/groups").status()).as("reading needs no login").isEqualTo(200);
        }
    }
}
