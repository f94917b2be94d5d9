package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0's ACL commands against a full broker with authentication and authorization on. Signed as the super
 * user they create, get, list and delete an ACL, and the official producer's sends follow it at once. Signed as a
 * normal user, without Update on the cluster, they are refused and change nothing.
 */
@Tag("slow")
class MqAdminAuthorizationTest {
    private static final String CLUSTER = "DefaultCluster";

    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("broker"), Map.of(
            "brokerClusterName", CLUSTER,
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}"));
        for (String name : List.of("alice", "bob")) {
            broker.context().metadata().users().put(new User(name, name + "-secret", UserType.NORMAL, UserStatus.ENABLE));
        }
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aSuperUsersAclCommandsDecideWhereAUserMaySend() throws Exception {
        String address = broker.address();
        MqAdmin root = new MqAdmin(address, dir, "root", "root-secret");
        assertThat(sends("alice", "Orders")).as("no ACL yet").isFalse();
        List<String> written = root.run(List.of(
            List.of("createAcl", "-b", address, "-s", "User:alice", "-r", "Topic:Orders", "-a", "Pub", "-d", "Allow"),
            List.of("getAcl", "-b", address, "-s", "User:alice"),
            List.of("listAcl", "-b", address)));
        assertThat(written.get(0)).contains("create acl to " + address + " success.");
        assertThat(rows(written.get(1))).containsExactly(
            List.of("User:alice", "Custom", "Topic:Orders", "[Pub]", "null", "Allow"));
        assertThat(rows(written.get(2))).containsExactly(
            List.of("User:alice", "Custom", "Topic:Orders", "[Pub]", "null", "Allow"));
        assertThat(sends("alice", "Orders")).isTrue();
        assertThat(sends("alice", "Audit")).isFalse();

        String deleted = root.run("deleteAcl", "-b", address, "-s", "User:alice");
        assertThat(deleted).contains("delete acl to " + address + " success.");
        assertThat(broker.context().acls().get("User:alice")).isNull();
        assertThat(sends("alice", "Orders")).as("the deleted ACL allows nothing").isFalse();
    }

    @Test
    void deletingAUserDeletesItsAcl() throws Exception {
        String address = broker.address();
        MqAdmin root = new MqAdmin(address, dir, "root", "root-secret");
        List<String> written = root.run(List.of(
            List.of("createUser", "-b", address, "-u", "carol", "-p", "carol-secret"),
            List.of("createAcl", "-b", address, "-s", "User:carol", "-r", "Topic:Orders", "-a", "Pub", "-d", "Allow"),
            List.of("deleteUser", "-b", address, "-u", "carol"),
            List.of("createUser", "-b", address, "-u", "carol", "-p", "carol-secret")));
        assertThat(written.get(2)).contains("success");
        assertThat(broker.context().acls().get("User:carol")).as("deleted with its user, as RocketMQ does").isNull();
        assertThat(sends("carol", "Orders")).as("a user made again under the name starts with no ACL").isFalse();
    }

    @Test
    void aNormalUsersAclCommandsAreRefused() throws Exception {
        String address = broker.address();
        MqAdmin bob = new MqAdmin(address, dir, "bob", "bob-secret");
        List<String> refused = bob.run(List.of(
            List.of("createAcl", "-b", address, "-s", "User:bob", "-r", "Topic:*", "-a", "All", "-d", "Allow"),
            List.of("listAcl", "-b", address)));
        assertThat(refused.get(0)).doesNotContain("success")
            .contains("User:bob has no permission to access Cluster:" + CLUSTER);
        assertThat(refused.get(1)).contains("User:bob has no permission to access Cluster:" + CLUSTER);
        assertThat(broker.context().acls().get("User:bob")).isNull();
    }

    /** Whether {@code user}'s official producer has a send to {@code topic} stored. */
    private static boolean sends(String user, String topic) throws Exception {
        return SignedClients.sends(broker.address(), SignedClients.credentials(user), topic);
    }

    /** The table rows mqadmin printed, each split into its words. */
    private static List<String> row(String line) {
        return List.of(line.trim().split("\\s+"));
    }

    private static List<List<String>> rows(String output) {
        return output.lines().filter(line -> line.startsWith("User:")).map(MqAdminAuthorizationTest::row).toList();
    }
}
