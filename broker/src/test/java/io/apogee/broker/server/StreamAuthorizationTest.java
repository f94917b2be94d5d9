package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.AclStore;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.AuthorizationSettings;
import io.apogee.broker.auth.authorization.Authorizer;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.auth.authorization.UserDirectory;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.streams.server.StreamPermissions;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.apogee.streams.server.StreamPermissions.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream operations under ACL 2.0 policies: which actions on the Topic of a stream, and on the Group of a consumer
 * reference, each operation needs; super users, unknown users, authorization off, and the change notice.
 */
class StreamAuthorizationTest {
    private static final String IP = "10.0.0.7";

    @TempDir
    Path dir;
    private AclStore acls;
    private Authorizer authorizer;

    @BeforeEach
    void open() {
        acls = AclStore.open(TempMetadata.files(dir));
        Map<String, UserDirectory.UserKind> users = Map.of("alice", UserDirectory.UserKind.NORMAL, "root",
            UserDirectory.UserKind.SUPER);
        authorizer = new Authorizer(new AuthorizationSettings(true, Set.of()), acls, users::get, "DefaultCluster");
    }

    @Test
    void eachOperationNeedsWhatTheRocketMqRequestDoingTheSameNeeds() {
        StreamPermissions permissions = StreamAuthorization.of(authorizer);
        assertThat(allowedWith(permissions, "Pub")).containsExactlyInAnyOrder(Operation.PUBLISH,
            Operation.QUERY_PUBLISHER_SEQUENCE, Operation.DESCRIBE);
        assertThat(allowedWith(permissions, "Sub")).containsExactlyInAnyOrder(Operation.SUBSCRIBE,
            Operation.QUERY_PUBLISHER_SEQUENCE, Operation.DESCRIBE, Operation.STREAM_STATS, Operation.STORE_OFFSET,
            Operation.QUERY_OFFSET);
        assertThat(allowedWith(permissions, "Get")).containsExactlyInAnyOrder(Operation.DESCRIBE, Operation.STREAM_STATS,
            Operation.QUERY_OFFSET);
        assertThat(allowedWith(permissions, "Update")).containsExactly(Operation.STORE_OFFSET);
        assertThat(allowedWith(permissions, "Create")).containsExactly(Operation.CREATE);
        assertThat(allowedWith(permissions, "Delete")).containsExactly(Operation.DELETE);
        assertThat(allowedWith(permissions, "All")).containsExactlyInAnyOrder(Operation.values());
    }

    @Test
    void aConsumerReferenceIsAGroupAndAStreamATopic() {
        StreamPermissions permissions = StreamAuthorization.of(authorizer);
        allow("Topic:events", "Sub");
        assertThat(permissions.refusal("alice", IP, Target.STREAM, "events", Operation.SUBSCRIBE)).isNull();
        assertThat(permissions.refusal("alice", IP, Target.CONSUMER, "events", Operation.SUBSCRIBE))
            .startsWith("User:alice has no permission to access Group:events from 10.0.0.7");
        allow("Group:app*", "Sub");
        assertThat(permissions.refusal("alice", IP, Target.CONSUMER, "app-1", Operation.STORE_OFFSET)).isNull();
        assertThat(permissions.refusal("alice", IP, Target.STREAM, "app-1", Operation.SUBSCRIBE))
            .isEqualTo("User:alice has no permission to access Topic:app-1 from 10.0.0.7, no matched policies. (needs Sub)");
    }

    @Test
    void superUsersPassUnknownUsersAreRefusedAndAuthorizationOffAllowsAll() {
        StreamPermissions permissions = StreamAuthorization.of(authorizer);
        assertThat(permissions.refusal("root", IP, Target.STREAM, "any", Operation.DELETE)).isNull();
        assertThat(permissions.refusal("guest", IP, Target.STREAM, "any", Operation.DESCRIBE))
            .startsWith("User:guest not found.");
        Authorizer off = new Authorizer(new AuthorizationSettings(false, Set.of()), acls, name -> null, "DefaultCluster");
        assertThat(StreamAuthorization.of(off)).isSameAs(StreamPermissions.ALL);
    }

    @Test
    void everyAclChangeIsToldAndDecidesAgain() {
        StreamPermissions permissions = StreamAuthorization.of(authorizer);
        AtomicInteger changes = new AtomicInteger();
        permissions.onChange(changes::incrementAndGet);
        assertThat(permissions.refusal("alice", IP, Target.STREAM, "orders", Operation.PUBLISH)).isNotNull();
        allow("Topic:orders", "Pub");
        assertThat(changes.get()).isEqualTo(1);
        assertThat(permissions.refusal("alice", IP, Target.STREAM, "orders", Operation.PUBLISH)).isNull();
        acls.remove("User:alice");
        assertThat(changes.get()).isEqualTo(2);
        assertThat(permissions.refusal("alice", IP, Target.STREAM, "orders", Operation.PUBLISH)).isNotNull();
    }

    /** The operations alice may do to the stream s and consumer s with only {@code action} on both. */
    private List<Operation> allowedWith(StreamPermissions permissions, String action) {
        acls.remove("User:alice");
        allow("Topic:s", action);
        allow("Group:s", action);
        List<Operation> allowed = new ArrayList<>();
        for (Operation operation : EnumSet.allOf(Operation.class)) {
            if (permissions.refusal("alice", IP, Target.STREAM, "s", operation) == null
                && permissions.refusal("alice", IP, Target.CONSUMER, "s", operation) == null) {
                allowed.add(operation);
            }
        }
        return allowed;
    }

    private void allow(String resource, String action) {
        Acl change = new Acl("User:alice", List.of(new Policy(PolicyType.CUSTOM, List.of(new PolicyEntry(
            Resource.parse(resource), List.of(Action.byName(action)), SourceIps.EVERY, Decision.ALLOW)))));
        Acl old = acls.get("User:alice");
        acls.put(old == null ? change : old.updatedWith(change.policies()));
    }
}
