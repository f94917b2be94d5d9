package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserTable;
import io.apogee.broker.metadata.UserType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0's user commands against a broker with authentication on: with the super user's credentials in its
 * tools.yml they create, update, get, list and delete users; without credentials they are refused. No output shows
 * a secret.
 */
@Tag("slow")
class MqAdminUsersTest {
    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("broker"), Map.of("authenticationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}"));
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aSuperUserManagesUsersThatThenSign() throws Exception {
        String address = broker.address();
        MqAdmin admin = new MqAdmin(address, dir, "root", "root-secret");
        List<String> created = admin.run(List.of(
            List.of("createUser", "-b", address, "-u", "bob", "-p", "bob-secret"),
            List.of("createUser", "-b", address, "-u", "carol", "-p", "carol-secret", "-t", "Super"),
            List.of("getUser", "-b", address, "-u", "bob"),
            List.of("listUser", "-b", address)));
        assertThat(created.get(0)).contains("create user to " + address + " success.");
        assertThat(created.get(1)).contains("create user to " + address + " success.");
        assertThat(created.get(2)).contains("bob").contains("Normal").contains("enable").doesNotContain("bob-secret");
        assertThat(created.get(3)).contains("root", "bob", "carol").doesNotContain("secret");
        UserTable users = broker.context().metadata().users();
        assertThat(users.get("carol").type()).isEqualTo(UserType.SUPER);

        assertThat(sends(new SessionCredentials("bob", "bob-secret"))).isTrue();
        List<String> changed = admin.run(List.of(
            List.of("updateUser", "-b", address, "-u", "bob", "-p", "bob-new"),
            List.of("updateUser", "-b", address, "-u", "bob", "-s", "disable"),
            List.of("deleteUser", "-b", address, "-u", "carol")));
        assertThat(changed.get(0)).contains("update user to " + address + " success.");
        assertThat(changed.get(1)).contains("update user to " + address + " success.");
        assertThat(changed.get(2)).contains("delete user to " + address + " success.");
        assertThat(users.get("bob")).isEqualTo(new User("bob", "bob-new", UserType.NORMAL, UserStatus.DISABLE));
        assertThat(users.get("carol")).isNull();
        assertThat(sends(new SessionCredentials("bob", "bob-new"))).as("a disabled user is refused").isFalse();
    }

    @Test
    void withoutCredentialsTheCommandsAreRefused() throws Exception {
        String address = broker.address();
        MqAdmin anonymous = new MqAdmin(address, dir);
        List<String> refused = anonymous.run(List.of(
            List.of("createUser", "-b", address, "-u", "eve", "-p", "eve-secret"),
            List.of("listUser", "-b", address)));
        assertThat(refused.get(0)).doesNotContain("success").contains("username cannot be null.");
        assertThat(refused.get(1)).doesNotContain("root");
        assertThat(broker.context().metadata().users().get("eve")).isNull();
    }

    @Test
    void aNormalUserCannotMakeASuperUser() throws Exception {
        broker.context().metadata().users().put(new User("dave", "dave-secret", UserType.NORMAL, UserStatus.ENABLE));
        String address = broker.address();
        String output = new MqAdmin(address, dir, "dave", "dave-secret")
            .run("createUser", "-b", address, "-u", "mallory", "-p", "m-secret", "-t", "Super");
        assertThat(output).doesNotContain("success").contains("The super user can only be create by super user");
        assertThat(broker.context().metadata().users().get("mallory")).isNull();
    }

    private static boolean sends(SessionCredentials credentials) throws Exception {
        return SignedClients.sends(broker.address(), credentials, "UsersTopic");
    }
}
