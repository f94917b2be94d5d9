package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.controller.state.GroupView;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three controller replicas on loopback sockets, spoken to with RocketMQ's controller codes: elections of brokers'
 * masters, fencing by epoch, and what losing one and two replicas does.
 */
@Tag("slow")
class ControllerFailoverTest {
    private static final String CLUSTER = "DefaultCluster";
    private static final String GROUP = "broker-a";

    @TempDir
    Path dir;

    @Test
    void aSilentMasterIsReplacedByTheOtherInSyncBrokerWithAHigherEpochAndTheOldEpochIsFenced() throws Exception {
        try (ControllerCluster cluster = new ControllerCluster(dir)) {
            int leader = cluster.awaitLeader();
            twoBrokersWithMasterOne(cluster, leader);

            try (RemotingResponse grown = alter(cluster, leader, 1, 1, 1, "[1,2]")) {
                assertThat(grown.code()).as(grown.remark()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(grown.header().ext().get("newSyncStateSetEpoch")).isEqualTo("2");
            }
            try (RemotingResponse stale = alter(cluster, leader, 1, 1, 1, "[1]")) {
                assertThat(stale.code()).isEqualTo(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH);
                assertThat(stale.remark()).contains("is 2, not 1");
            }
            int follower = (leader + 1) % ControllerCluster.SIZE;
            try (RemotingResponse elsewhere = replicaInfo(cluster, follower)) {
                assertThat(elsewhere.code()).isEqualTo(ResponseCode.CONTROLLER_NOT_LEADER);
                assertThat(elsewhere.remark()).contains("the leader is n" + leader);
            }
            try (RemotingResponse metadata = cluster.call(follower, RequestCode.CONTROLLER_GET_METADATA_INFO, Map.of(), null)) {
                assertThat(metadata.header().ext().get("isLeader")).isEqualTo("false");
                assertThat(metadata.header().ext().get("controllerLeaderId")).isEqualTo("n" + leader);
                assertThat(metadata.header().ext().get("controllerLeaderAddress")).as("only the leader gives one").isNull();
            }
            try (RemotingResponse metadata = cluster.call(leader, RequestCode.CONTROLLER_GET_METADATA_INFO, Map.of(), null)) {
                assertThat(metadata.header().ext().get("isLeader")).isEqualTo("true");
                assertThat(metadata.header().ext().get("controllerLeaderAddress")).isEqualTo(cluster.address(leader));
            }

            // broker 2 keeps beating; broker 1, the master, goes silent past its timeout
            cluster.clock.advanceMillis(ControllerCluster.BROKER_TIMEOUT_MILLIS / 2);
            heartbeat(cluster, leader, 2);
            assertThat(cluster.server(leader).scanNow().get()).as("the master is still within its timeout").isEmpty();
            cluster.clock.advanceMillis(ControllerCluster.BROKER_TIMEOUT_MILLIS / 2 + 1);
            heartbeat(cluster, leader, 2);
            assertThat(cluster.server(leader).scanNow().get()).singleElement()
                .satisfies(reply -> assertThat(reply.isSuccess()).isTrue());

            try (RemotingResponse info = replicaInfo(cluster, leader)) {
                assertThat(info.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(info.header().ext().get("masterBrokerId")).isEqualTo("2");
                assertThat(info.header().ext().get("masterAddress")).isEqualTo("127.0.0.1:20911");
                assertThat(info.header().ext().get("masterEpoch")).isEqualTo("2");
                assertThat(info.body().toString(StandardCharsets.UTF_8)).isEqualTo("{\"syncStateSet\":[2],\"syncStateSetEpoch\":3}");
            }
            try (RemotingResponse oldMaster = alter(cluster, leader, 1, 1, 3, "[1,2]")) {
                assertThat(oldMaster.code()).isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER);
            }
            try (RemotingResponse oldEpoch = alter(cluster, leader, 2, 1, 3, "[1,2]")) {
                assertThat(oldEpoch.code()).isEqualTo(ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH);
            }
            Await.until("every replica applied the election", Duration.ofSeconds(10), () -> Stream.of(0, 1, 2)
                .map(i -> cluster.server(i).replica().localGroup(GROUP))
                .allMatch(group -> group != null && group.masterBrokerId() == 2 && group.masterEpoch() == 2));
        }
    }

    @Test
    void oneLostReplicaIsToleratedTwoStopEveryChangeAndARestartedReplicaRecoversItsState() throws Exception {
        try (ControllerCluster cluster = new ControllerCluster(dir)) {
            int first = cluster.awaitLeader();
            twoBrokersWithMasterOne(cluster, first);
            cluster.stop(first);

            int second = cluster.awaitLeader();
            heartbeat(cluster, second, 1);
            heartbeat(cluster, second, 2);
            try (RemotingResponse grown = alter(cluster, second, 1, 1, 1, "[1,2]")) {
                assertThat(grown.code()).as(grown.remark()).isEqualTo(ResponseCode.SUCCESS);
            }
            GroupView before = cluster.server(second).replica().localGroup(GROUP);
            assertThat(before.syncStateSet()).containsExactly(1L, 2L);

            int survivor = Stream.of(0, 1, 2).filter(i -> i != first && i != second).findFirst().orElseThrow();
            Await.until("the survivor applied the change", Duration.ofSeconds(10),
                () -> before.equals(cluster.server(survivor).replica().localGroup(GROUP)));
            cluster.stop(second);

            long start = System.nanoTime();
            try (RemotingResponse noQuorum = elect(cluster, survivor, 2, true)) {
                assertThat(noQuorum.code()).as("no quorum, no master").isIn(ResponseCode.CONTROLLER_NOT_LEADER,
                    ResponseCode.SYSTEM_ERROR);
                assertThat(noQuorum.remark()).isNotBlank();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isLessThan(Duration.ofMillis(2 * ControllerCluster.REQUEST_TIMEOUT_MILLIS));
            assertThat(cluster.server(survivor).replica().localGroup(GROUP)).isEqualTo(before);

            cluster.start(first);
            cluster.start(second);
            int leader = cluster.awaitLeader();
            for (int i = 0; i < ControllerCluster.SIZE; i++) {
                int replica = i;
                Await.until("replica n" + i + " recovered the group", Duration.ofSeconds(15),
                    () -> before.equals(cluster.server(replica).replica().localGroup(GROUP)));
            }
            assertThat(fileNamesUnder(cluster.storeOf(first)))
                .as("snapshots are written").anyMatch(name -> name.startsWith("snapshot."));
            heartbeat(cluster, leader, 2);
            try (RemotingResponse moved = elect(cluster, leader, 2, true)) {
                assertThat(moved.code()).as(moved.remark()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(moved.header().ext().get("masterEpoch")).isEqualTo("2");
            }
        }
    }

    /**
     * Names of the files under a live replica's store. The replica renames its temporary files as this walks, so a
     * file that vanished between listing and visiting is skipped rather than failing the walk.
     */
    private static List<String> fileNamesUnder(Path store) throws IOException {
        List<String> names = new ArrayList<>();
        Files.walkFileTree(store, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                names.add(file.getFileName().toString());
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
                if (failure instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw failure;
            }
        });
        return names;
    }

    /** Brokers 1 and 2 apply for ids and register; broker 1 asks first and becomes master of epoch 1. */
    private static void twoBrokersWithMasterOne(ControllerCluster cluster, int leader) throws Exception {
        try (RemotingResponse next = cluster.call(leader, RequestCode.CONTROLLER_GET_NEXT_BROKER_ID,
            Map.of("clusterName", CLUSTER, "brokerName", GROUP), null)) {
            assertThat(next.header().ext().get("nextBrokerId")).isEqualTo("1");
        }
        for (int id = 1; id <= 2; id++) {
            String address = "127.0.0.1:" + (20_909 + id);
            try (RemotingResponse applied = cluster.call(leader, RequestCode.CONTROLLER_APPLY_BROKER_ID, Map.of(
                "clusterName", CLUSTER, "brokerName", GROUP, "appliedBrokerId", Integer.toString(id),
                "registerCheckCode", address + ";1700000000000"), null)) {
                assertThat(applied.code()).as(applied.remark()).isEqualTo(ResponseCode.SUCCESS);
            }
            try (RemotingResponse registered = cluster.call(leader, RequestCode.CONTROLLER_REGISTER_BROKER, Map.of(
                "clusterName", CLUSTER, "brokerName", GROUP, "brokerId", Integer.toString(id),
                "brokerAddress", address), null)) {
                assertThat(registered.code()).as(registered.remark()).isEqualTo(ResponseCode.SUCCESS);
            }
        }
        try (RemotingResponse elected = elect(cluster, leader, 1, false)) {
            assertThat(elected.code()).as(elected.remark()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(elected.header().ext().get("masterBrokerId")).isEqualTo("1");
            assertThat(elected.header().ext().get("masterEpoch")).isEqualTo("1");
            assertThat(elected.body().toString(StandardCharsets.UTF_8)).contains("\"brokerAddrs\":{\"1\":\"127.0.0.1:20910\"");
        }
        try (RemotingResponse bad = cluster.call(leader, RequestCode.CONTROLLER_ELECT_MASTER,
            Map.of("brokerName", GROUP, "brokerId", "one"), null)) {
            assertThat(bad.code()).isEqualTo(ResponseCode.CONTROLLER_INVALID_REQUEST);
            assertThat(bad.remark()).isEqualTo("brokerId is not a number: 'one'");
        }
    }

    private static RemotingResponse elect(ControllerCluster cluster, int replica, long brokerId, boolean designate)
        throws InterruptedException {
        return cluster.call(replica, RequestCode.CONTROLLER_ELECT_MASTER, Map.of("clusterName", CLUSTER,
            "brokerName", GROUP, "brokerId", Long.toString(brokerId), "designateElect", Boolean.toString(designate)), null);
    }

    private static RemotingResponse alter(ControllerCluster cluster, int replica, long master, int masterEpoch,
                                          int syncStateSetEpoch, String members) throws InterruptedException {
        return cluster.call(replica, RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET, Map.of("brokerName", GROUP,
            "masterBrokerId", Long.toString(master), "masterEpoch", Integer.toString(masterEpoch)),
            "{\"syncStateSet\":" + members + ",\"syncStateSetEpoch\":" + syncStateSetEpoch + "}");
    }

    private static RemotingResponse replicaInfo(ControllerCluster cluster, int replica) throws InterruptedException {
        return cluster.call(replica, RequestCode.CONTROLLER_GET_REPLICA_INFO, Map.of("brokerName", GROUP), null);
    }

    private static void heartbeat(ControllerCluster cluster, int replica, long brokerId) throws InterruptedException {
        try (RemotingResponse beat = cluster.call(replica, RequestCode.BROKER_HEARTBEAT, Map.of("clusterName", CLUSTER,
            "brokerName", GROUP, "brokerId", Long.toString(brokerId),
            "brokerAddr", "127.0.0.1:" + (20_909 + brokerId), "maxOffset", "0"), null)) {
            assertThat(beat.code()).as(beat.remark()).isEqualTo(ResponseCode.SUCCESS);
        }
    }
}
