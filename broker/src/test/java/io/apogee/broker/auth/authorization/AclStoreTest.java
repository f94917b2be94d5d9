package io.apogee.broker.auth.authorization;

import static io.apogee.broker.auth.authorization.Acls.acl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.testing.TempMetadata;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ACL file: each change is on disk when it returns, a reopened store holds the same ACLs, a bad file is refused. */
class AclStoreTest {
    @TempDir
    Path dir;

    @Test
    void theAclsSurviveAReopen() {
        Acl alice = new Acl("User:alice", List.of(
            Acls.policy(PolicyType.CUSTOM, "Topic:orders,Group:billing", "Pub,Sub", "10.0.0.0/8,192.168.0.1",
                Decision.ALLOW),
            Acls.policy(PolicyType.DEFAULT, "*", "All", null, Decision.DENY)));
        Acl bob = acl("User:bob", "Topic:audit*", "Get,List", null, Decision.DENY);
        AclStore store = AclStore.open(TempMetadata.files(dir));
        store.put(bob);
        store.put(alice);
        store.put(acl("User:carol", "Topic:x", "Pub", null, Decision.ALLOW));
        assertThat(store.remove("User:carol")).isTrue();

        AclStore reopened = AclStore.open(TempMetadata.files(dir));

        assertThat(reopened.all()).containsExactly(alice, bob);
        assertThat(reopened.get("User:carol")).isNull();
        assertThat(Files.exists(dir.resolve(AclStore.FILE_NAME))).isTrue();
    }

    @Test
    void listenersAreToldAfterTheChangeIsVisible() {
        AclStore store = AclStore.open(TempMetadata.files(dir));
        AtomicInteger seen = new AtomicInteger();
        store.onChange(() -> seen.set(store.get("User:alice") == null ? -1 : seen.get() + 1));

        store.put(acl("User:alice", "Topic:orders", "Pub", null, Decision.ALLOW));
        assertThat(seen).hasValue(1);
        assertThat(store.remove("User:nobody")).isFalse();
        assertThat(seen).as("nothing changed").hasValue(1);
    }

    @Test
    void aFailedWriteChangesNothing() {
        MetadataFiles refusing = new MetadataFiles() {
            @Override
            public byte[] read(String name) {
                return null;
            }

            @Override
            public void replace(String name, ByteBuffer content) {
                throw new IllegalStateException("disk full");
            }
        };
        AclStore store = AclStore.open(refusing);

        assertThatThrownBy(() -> store.put(acl("User:alice", "Topic:orders", "Pub", null, Decision.ALLOW)))
            .hasMessage("disk full");
        assertThat(store.all()).isEmpty();
    }

    @Test
    void aFileOfAnotherKindIsRefused() throws Exception {
        Files.writeString(dir.resolve(AclStore.FILE_NAME), "{\"version\":2,\"acls\":[]}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AclStore.open(TempMetadata.files(dir))).isInstanceOf(IllegalArgumentException.class);
        Files.writeString(dir.resolve(AclStore.FILE_NAME), "{\"version\":1,\"acls\":[{\"subject\":\"User:a\","
            + "\"policies\":[{\"entries\":[{\"resource\":\"Queue:x\",\"actions\":[\"Pub\"],\"decision\":\"Allow\"}]}]}]}",
            StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AclStore.open(TempMetadata.files(dir))).hasMessageContaining("The resource is null.");
    }
}
