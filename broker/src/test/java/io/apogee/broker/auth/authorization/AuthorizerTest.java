package io.apogee.broker.auth.authorization;

import static io.apogee.broker.auth.authorization.Acls.acl;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.TempMetadata;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check of whole requests as RocketMQ's default provider makes it: super users pass, unknown users and requests
 * without an access key are refused, no ACL or no matching entry is a refusal, whitelisted codes pass, and a cached
 * decision follows each ACL change.
 */
class AuthorizerTest {
    private static final String IP = "192.168.0.1";
    private static final AuthorizationSettings ENABLED = new AuthorizationSettings(true, Set.of());

    @TempDir
    Path dir;

    private final Map<String, UserDirectory.UserKind> users = new HashMap<>();
    private AclStore acls;

    @BeforeEach
    void openStore() {
        acls = AclStore.open(TempMetadata.files(dir));
        users.put("alice", UserDirectory.UserKind.NORMAL);
        users.put("root", UserDirectory.UserKind.SUPER);
    }

    private Authorizer authorizer(AuthorizationSettings settings) {
        return new Authorizer(settings, acls, users::get, "DefaultCluster");
    }

    private static RemotingHeader send(String user, String topic) {
        RemotingHeader request = new RemotingHeader().code(RequestCode.SEND_MESSAGE_V2);
        request.ext().add("a", "producer").add("b", topic);
        if (user != null) {
            request.ext().add(Authorizer.ACCESS_KEY, user);
        }
        return request;
    }

    private static RemotingHeader pull(String user, String group, String topic) {
        RemotingHeader request = new RemotingHeader().code(RequestCode.PULL_MESSAGE);
        request.ext().add("consumerGroup", group).add("topic", topic).add(Authorizer.ACCESS_KEY, user);
        return request;
    }

    @Test
    void anAllowingEntryLetsTheRequestGoOnAndAnythingElseIsRefusedWithRocketMqsRemark() {
        acls.put(acl("User:alice", "Topic:orders", "Pub", "192.168.0.0/24", Decision.ALLOW));
        Authorizer authorizer = authorizer(ENABLED);

        assertThat(authorizer.check(send("alice", "orders"), null, IP)).isNull();
        assertThat(authorizer.check(send("alice", "audit"), null, IP))
            .isEqualTo("User:alice has no permission to access Topic:audit from 192.168.0.1, no matched policies.");
        assertThat(authorizer.check(send("alice", "orders"), null, "10.0.0.1")).endsWith("no matched policies.");
        acls.put(acl("User:alice", "Topic:orders", "Pub", null, Decision.DENY));
        assertThat(authorizer.check(send("alice", "orders"), null, IP))
            .isEqualTo("User:alice has no permission to access Topic:orders from 192.168.0.1, the decision is deny.");
    }

    @Test
    void aPullNeedsTheTopicAndTheGroup() {
        acls.put(acl("User:alice", "Topic:orders", "Sub", null, Decision.ALLOW));
        Authorizer authorizer = authorizer(ENABLED);

        assertThat(authorizer.check(pull("alice", "billing", "orders"), null, IP)).contains("Group:billing");
        acls.put(new Acl("User:alice", List.of()).updatedWith(List.of(
            Acls.policy(PolicyType.CUSTOM, "Topic:orders,Group:billing", "Sub", null, Decision.ALLOW))));
        assertThat(authorizer.check(pull("alice", "billing", "orders"), null, IP)).isNull();
    }

    @Test
    void superUsersPassUnknownUsersAndAnonymousRequestsDoNot() {
        Authorizer authorizer = authorizer(ENABLED);

        assertThat(authorizer.check(send("root", "anything"), null, IP)).isNull();
        assertThat(authorizer.check(send("mallory", "orders"), null, IP)).isEqualTo("User:mallory not found.");
        assertThat(authorizer.check(send(null, "orders"), null, IP))
            .isEqualTo("Authorization failed. Please verify your access rights and try again.");
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).as("no ACL at all")
            .endsWith("no matched policies.");
    }

    @Test
    void whitelistedCodesAndADisabledCheckLetEverythingThrough() {
        assertThat(authorizer(new AuthorizationSettings(true, Set.of(RequestCode.SEND_MESSAGE_V2)))
            .check(send(null, "orders"), null, IP)).isNull();
        assertThat(authorizer(AuthorizationSettings.DISABLED).check(send(null, "orders"), null, IP)).isNull();
    }

    @Test
    void aCachedDecisionFollowsEachAclChangeAndEachUserChange() {
        Authorizer authorizer = authorizer(ENABLED);
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).isNotNull();

        acls.put(acl("User:alice", "Topic:order*", "Pub", null, Decision.ALLOW));
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).isNull();
        acls.put(acls.get("User:alice").updatedWith(List.of(
            Acls.policy(PolicyType.CUSTOM, "Topic:orders", "Pub", null, Decision.DENY))));
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).endsWith("the decision is deny.");
        acls.remove("User:alice");
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).endsWith("no matched policies.");

        users.put("alice", UserDirectory.UserKind.SUPER);
        authorizer.invalidate();
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).isNull();
        users.put("alice", UserDirectory.UserKind.NORMAL);
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).as("the allow is still cached").isNull();
        authorizer.invalidate();
        assertThat(authorizer.check(send("alice", "orders"), null, IP)).endsWith("no matched policies.");
    }

    @Test
    void aCachedAllowAllocatesNothing() {
        acls.put(acl("User:alice", "Topic:orders,Group:billing", "Pub,Sub", null, Decision.ALLOW));
        Authorizer authorizer = authorizer(ENABLED);
        RemotingHeader send = send("alice", "orders");
        RemotingHeader pull = pull("alice", "billing", "orders");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        for (int i = 0; i < 20_000; i++) {
            assertThat(authorizer.check(send, null, IP) == null && authorizer.check(pull, null, IP) == null).isTrue();
        }

        long before = threads.getThreadAllocatedBytes(thread);
        boolean allAllowed = true;
        for (int i = 0; i < 100_000; i++) {
            allAllowed &= authorizer.check(send, null, IP) == null;
            allAllowed &= authorizer.check(pull, null, IP) == null;
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertThat(allAllowed).isTrue();
        // an object per check would be 16 bytes or more each; what remains is the JIT's and the probe's own noise
        assertThat(allocated).as("bytes allocated by 200,000 cached checks").isLessThan(200_000);
    }
}
