package io.apogee.broker.auth.authentication;

import static io.apogee.broker.testing.ProcessorHarness.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserTable;
import io.apogee.broker.metadata.UserType;
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

/** The user admin codes: RocketMQ's checks and remarks, each change written, no password in an answer. */
class UserAdminProcessorTest {
    @TempDir
    Path dir;
    private UserTable users;
    private ProcessorHarness harness;

    @BeforeEach
    void setUp() {
        BrokerMetadata metadata = TempMetadata.open(dir);
        users = metadata.users();
        users.put(new User("root", "root-secret", UserType.SUPER, UserStatus.ENABLE));
        users.put(new User("bob", "bob-secret", UserType.NORMAL, UserStatus.ENABLE));
        harness = new ProcessorHarness(new UserAdminProcessor(users), UserAdminProcessor.CODES);
    }

    @AfterEach
    void tearDown() {
        harness.close();
        assertThat(harness.requestsReleased()).isTrue();
    }

    @Test
    void aUserIsCreatedWrittenAndShownWithoutItsPassword() {
        Frame created = harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of("username", "alice", "AccessKey", "root"),
            utf8("{\"password\":\"alice-secret\",\"username\":\"ignored\"}"));
        assertThat(created.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(TempMetadata.open(dir).users().get("alice"))
            .isEqualTo(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));

        Frame again = harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of("username", "alice"),
            utf8("{\"password\":\"other\"}"));
        assertThat(again.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(again.remark()).isEqualTo("The user is existed");

        Frame shown = harness.sendRaw(RequestCode.AUTH_GET_USER, Map.of("username", "alice"), null);
        assertThat(shown.text()).contains("\"username\":\"alice\"", "\"userType\":\"Normal\"", "\"userStatus\":\"enable\"")
            .doesNotContain("alice-secret").doesNotContain("password");
        Frame listed = harness.sendRaw(RequestCode.AUTH_LIST_USER, Map.of("filter", "o"), null);
        assertThat(listed.text()).contains("root", "bob").doesNotContain("alice").doesNotContain("secret");
    }

    @Test
    void onlyASuperUserManagesSuperUsers() {
        Frame made = harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of("username", "eve", "AccessKey", "bob"),
            utf8("{\"password\":\"p\",\"userType\":\"Super\"}"));
        assertThat(made.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(made.remark()).isEqualTo("The super user can only be create by super user");
        Frame deleted = harness.sendRaw(RequestCode.AUTH_DELETE_USER, Map.of("username", "root", "AccessKey", "bob"), null);
        assertThat(deleted.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(users.get("root")).isNotNull();
        Frame byRoot = harness.sendRaw(RequestCode.AUTH_UPDATE_USER, Map.of("username", "bob", "AccessKey", "root"),
            utf8("{\"userType\":\"super\",\"userStatus\":\"DISABLE\"}"));
        assertThat(byRoot.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(users.get("bob")).isEqualTo(new User("bob", "bob-secret", UserType.SUPER, UserStatus.DISABLE));
    }

    @Test
    void badRequestsAreAnsweredAsRocketMqAnswersThem() {
        assertThat(harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of(), utf8("{}")).remark())
            .isEqualTo("The username is blank");
        assertThat(harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of("username", "x"), utf8("{}")).remark())
            .isEqualTo("password can not be blank");
        assertThat(harness.sendRaw(RequestCode.AUTH_UPDATE_USER, Map.of("username", "nobody"), utf8("{}")).remark())
            .isEqualTo("The user is not exist");
        assertThat(harness.sendRaw(RequestCode.AUTH_CREATE_USER, Map.of("username", "x"), utf8("not json")).code())
            .isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(harness.sendRaw(RequestCode.AUTH_DELETE_USER, Map.of("username", "nobody"), null).code())
            .isEqualTo(ResponseCode.SUCCESS);
        Frame missing = harness.sendRaw(RequestCode.AUTH_GET_USER, Map.of("username", "nobody"), null);
        assertThat(missing.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(missing.body()).isNullOrEmpty();
    }
}
