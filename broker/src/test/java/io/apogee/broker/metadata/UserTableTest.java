package io.apogee.broker.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.testing.TempMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The users of authentication in users.conf: the documented bytes, a reload, and a refused line. */
class UserTableTest {
    @TempDir
    Path dir;

    @Test
    void usersSurviveAReopenInTheDocumentedLayout() throws Exception {
        BrokerMetadata metadata = TempMetadata.open(dir);
        metadata.users().put(new User("alice", "tab\there", UserType.NORMAL, UserStatus.ENABLE));
        metadata.users().put(new User("root", "root-secret", UserType.SUPER, UserStatus.DISABLE));
        metadata.persist();
        assertThat(Files.readString(dir.resolve(UserTable.FILE_NAME)))
            .isEqualTo("# apogee users v1\nalice\ttab\\there\tNormal\tenable\nroot\troot-secret\tSuper\tdisable\n");

        BrokerMetadata reopened = TempMetadata.open(dir);
        assertThat(reopened.users().get("alice")).isEqualTo(new User("alice", "tab\there", UserType.NORMAL,
            UserStatus.ENABLE));
        assertThat(reopened.users().get("root").isSuper()).isTrue();
        assertThat(reopened.users().get("root").status()).isEqualTo(UserStatus.DISABLE);
    }

    @Test
    void aLineWithAnUnknownTypeIsRefused() throws Exception {
        Files.writeString(dir.resolve(UserTable.FILE_NAME), "# apogee users v1\nalice\tsecret\tAdmin\tenable\n");
        assertThatThrownBy(() -> TempMetadata.open(dir)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aUserNeverShowsItsPassword() {
        assertThat(new User("alice", "hunter2", UserType.NORMAL, UserStatus.ENABLE).toString()).doesNotContain("hunter2");
    }
}
