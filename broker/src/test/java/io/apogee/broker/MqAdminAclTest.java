package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.auth.authorization.AclAdmin;
import io.apogee.broker.auth.authorization.AclAdminProcessor;
import io.apogee.broker.auth.authorization.AclStore;
import io.apogee.broker.auth.authorization.UserDirectory;
import io.apogee.broker.request.ProcessorFamily;
import io.apogee.broker.request.RequestRouter;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.launcher.Ports;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.TransportConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0's ACL commands (createAcl, updateAcl, getAcl, listAcl, deleteAcl) over a real socket against the ACL
 * admin processor, and the ACLs they wrote read back after the store is reopened. The users alice and bob exist;
 * authentication's user codes are not served here, so the processor is listened on by itself.
 */
@Tag("slow")
class MqAdminAclTest {
    private static final UserDirectory USERS = name -> name.equals("alice") || name.equals("bob")
        ? UserDirectory.UserKind.NORMAL : null;

    @TempDir
    Path dir;

    /** The ACL processor listening on {@code port}, with its ACLs in {@code dir}/metadata. */
    private final class AclServer implements AutoCloseable {
        private final ProcessorFamily family;
        private final RemotingServer server;

        AclServer(int port) throws InterruptedException {
            AclStore store = AclStore.open(TempMetadata.files(dir.resolve("metadata")));
            family = ProcessorFamily.of("acl-admin", new AclAdminProcessor(new AclAdmin(store, USERS)), 16);
            server = RemotingServer.start(TransportConfig.defaults(), new RequestRouter().route(family,
                AclAdminProcessor.CODES), "127.0.0.1", port);
        }

        @Override
        public void close() {
            server.close();
            family.close();
        }
    }

    @Test
    void theAclCommandsWriteReadAndDeleteAclsThatSurviveARestart() throws Exception {
        int port = Ports.free();
        String address = "127.0.0.1:" + port;
        MqAdmin mqadmin = new MqAdmin(address, dir);
        List<String> written;
        AclServer first = new AclServer(port);
        try {
            written = mqadmin.run(List.of(
                List.of("createAcl", "-b", address, "-s", "User:alice", "-r", "Topic:orders,Group:billing", "-a",
                    "Pub,Sub", "-i", "10.0.0.0/8", "-d", "Allow"),
                List.of("updateAcl", "-b", address, "-s", "User:alice", "-r", "Topic:orders", "-a", "Pub", "-d", "Deny"),
                List.of("createAcl", "-b", address, "-s", "User:bob", "-r", "Topic:audit*", "-a", "Sub", "-d", "Allow"),
                List.of("createAcl", "-b", address, "-s", "User:mallory", "-r", "Topic:orders", "-a", "Pub", "-d",
                    "Allow"),
                List.of("deleteAcl", "-b", address, "-s", "User:bob", "-r", "Topic:audit*")));
        } finally {
            first.close();
        }
        assertThat(written.get(0)).contains("create acl to " + address + " success.");
        assertThat(written.get(1)).contains("update acl to " + address + " success.");
        assertThat(written.get(2)).contains("create acl to " + address + " success.");
        assertThat(written.get(3)).doesNotContain("success").contains("The subject of User:mallory is not exist.");
        assertThat(written.get(4)).contains("delete acl to " + address + " success.");

        List<String> read;
        AclServer restarted = new AclServer(port);
        try {
            read = mqadmin.run(List.of(
                List.of("getAcl", "-b", address, "-s", "User:alice"),
                List.of("listAcl", "-b", address),
                List.of("listAcl", "-b", address, "-r", "billing")));
        } finally {
            restarted.close();
        }
        // the update replaced the entry whole: it gave no source addresses, so mqadmin prints none (null)
        assertThat(rows(read.get(0))).containsExactly(
            List.of("User:alice", "Custom", "Topic:orders", "[Pub]", "null", "Deny"),
            List.of("User:alice", "Custom", "Group:billing", "[Pub,", "Sub]", "[10.0.0.0/8]", "Allow"));
        assertThat(rows(read.get(1))).as("bob's last entry went with his ACL").hasSize(2)
            .allMatch(row -> row.getFirst().equals("User:alice"));
        assertThat(rows(read.get(2))).containsExactly(
            List.of("User:alice", "Custom", "Group:billing", "[Pub,", "Sub]", "[10.0.0.0/8]", "Allow"));
    }

    /** The table rows mqadmin printed, each split into its words. */
    private static List<List<String>> rows(String output) {
        return output.lines().filter(line -> line.startsWith("User:")).map(line -> List.of(line.trim().split("\\s+")))
            .toList();
    }
}
