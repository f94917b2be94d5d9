package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.time.ManualClock;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.transport.TransportConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.Pair;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.BrokerReplicasInfo;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.controller.ElectMasterResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetMetaDataResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.GetReplicaInfoResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.controller.register.RegisterBrokerToControllerResponseHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache RocketMQ 5.4.0's own broker-side calls to a controller (BrokerOuterAPI), made against a one-replica Apogee
 * controller on loopback sockets: ids, registration, election, fenced alters and failover after silent heartbeats.
 */
@Tag("slow")
class BrokerOuterApi540Test {
    private static final String CLUSTER = "DefaultCluster";
    private static final String GROUP = "broker-a";
    private static final long TIMEOUT_MILLIS = 10_000;

    @TempDir
    Path dir;

    @Test
    void rocketMqsBrokerCallsAreAnsweredAsItsControllerAnswersThem() throws Exception {
        ManualClock clock = new ManualClock(1_000_000);
        ControllerConfig config = ControllerConfig.parse(Map.of(
            "controllerDLegerPeers", "n0-127.0.0.1:" + Ports.free(),
            "controllerDLegerSelfId", "n0",
            "controllerStorePath", dir.toString(),
            "listenHost", "127.0.0.1",
            "listenPort", "0",
            "controllerHeartBeatTimeoutMills", Long.toString(TIMEOUT_MILLIS),
            "controllerElectionTimeoutMillis", "300",
            "scanNotActiveBrokerInterval", "3600000"));
        BrokerOuterAPI api = new BrokerOuterAPI(new NettyClientConfig(), null);
        api.start();
        try (ControllerServer controller = ControllerServer.start(config, clock, TransportConfig.defaults())) {
            String address = "127.0.0.1:" + controller.port();
            Await.until("the replica leads", Duration.ofSeconds(20), () -> controller.replica().isLeader());
            GetMetaDataResponseHeader metadata = api.getControllerMetaData(address);
            assertThat(metadata.isLeader()).isTrue();
            assertThat(metadata.getControllerLeaderId()).isEqualTo("n0");
            assertThat(metadata.getControllerLeaderAddress()).isEqualTo(address);
            assertThat(metadata.getPeers()).isEqualTo(config.peersText());

            assertThat(api.getNextBrokerId(CLUSTER, GROUP, address).getNextBrokerId()).isEqualTo(1L);
            for (long id = 1; id <= 2; id++) {
                api.applyBrokerId(CLUSTER, GROUP, id, brokerAddress(id) + ";" + System.currentTimeMillis(), address);
                Pair<RegisterBrokerToControllerResponseHeader, Set<Long>> registered =
                    api.registerBrokerToController(CLUSTER, GROUP, id, brokerAddress(id), address);
                assertThat(registered.getObject1().getMasterBrokerId()).as("no master yet").isNull();
                assertThat(registered.getObject2()).isEmpty();
            }
            assertThat(api.getNextBrokerId(CLUSTER, GROUP, address).getNextBrokerId()).isEqualTo(3L);

            Pair<ElectMasterResponseHeader, Set<Long>> first = api.brokerElect(address, CLUSTER, GROUP, 1L);
            assertThat(first.getObject1().getMasterBrokerId()).isEqualTo(1L);
            assertThat(first.getObject1().getMasterAddress()).isEqualTo(brokerAddress(1));
            assertThat(first.getObject1().getMasterEpoch()).isEqualTo(1);
            assertThat(first.getObject2()).containsExactly(1L);
            Pair<ElectMasterResponseHeader, Set<Long>> stays = api.brokerElect(address, CLUSTER, GROUP, 2L);
            assertThat(stays.getObject1().getMasterBrokerId()).as("the master still exists").isEqualTo(1L);

            SyncStateSet grown = api.alterSyncStateSet(address, GROUP, 1L, 1, Set.of(1L, 2L), 1);
            assertThat(grown.getSyncStateSet()).containsExactlyInAnyOrder(1L, 2L);
            assertThat(grown.getSyncStateSetEpoch()).isEqualTo(2);
            assertThatThrownBy(() -> api.alterSyncStateSet(address, GROUP, 1L, 1, Set.of(1L), 1))
                .isInstanceOfSatisfying(MQBrokerException.class, e ->
                    assertThat(e.getResponseCode()).isEqualTo(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH));

            // the master falls silent; broker 2 beats, oneway, as RocketMQ's brokers do
            clock.advanceMillis(TIMEOUT_MILLIS + 1);
            api.sendHeartbeatToController(address, CLUSTER, brokerAddress(2), GROUP, 2L, 3_000, false, 1, 100, 100,
                TIMEOUT_MILLIS, 0);
            Await.until("broker 2's heartbeat arrived", Duration.ofSeconds(10), () -> controller.brokerAlive(GROUP, 2));
            assertThat(controller.brokerAlive(GROUP, 1)).isFalse();
            assertThat(controller.scanNow().get()).singleElement().satisfies(reply -> assertThat(reply.isSuccess()).isTrue());

            Pair<GetReplicaInfoResponseHeader, SyncStateSet> info = api.getReplicaInfo(address, GROUP);
            assertThat(info.getObject1().getMasterBrokerId()).isEqualTo(2L);
            assertThat(info.getObject1().getMasterAddress()).isEqualTo(brokerAddress(2));
            assertThat(info.getObject1().getMasterEpoch()).isEqualTo(2);
            assertThat(info.getObject2().getSyncStateSet()).containsExactly(2L);
            assertThat(info.getObject2().getSyncStateSetEpoch()).isEqualTo(3);
            assertThatThrownBy(() -> api.alterSyncStateSet(address, GROUP, 1L, 1, Set.of(1L, 2L), 3))
                .as("the old master is fenced")
                .isInstanceOfSatisfying(MQBrokerException.class, e ->
                    assertThat(e.getResponseCode()).isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER));

            // what mqadmin's getSyncStateSet asks
            MQClientAPIImpl admin = new MQClientAPIImpl(new NettyClientConfig(), null, null, new ClientConfig());
            admin.start();
            try {
                BrokerReplicasInfo replicas = admin.getInSyncStateData(address, List.of(GROUP, "unknown"));
                assertThat(replicas.getReplicasInfoTable()).containsOnlyKeys(GROUP);
                BrokerReplicasInfo.ReplicasInfo group = replicas.getReplicasInfoTable().get(GROUP);
                assertThat(group.getMasterBrokerId()).isEqualTo(2L);
                assertThat(group.getMasterEpoch()).isEqualTo(2);
                assertThat(group.getSyncStateSetEpoch()).isEqualTo(3);
                assertThat(group.getInSyncReplicas()).singleElement().satisfies(replica -> {
                    assertThat(replica.getBrokerId()).isEqualTo(2L);
                    assertThat(replica.getAlive()).isTrue();
                });
                assertThat(group.getNotInSyncReplicas()).singleElement().satisfies(replica -> {
                    assertThat(replica.getBrokerAddress()).isEqualTo(brokerAddress(1));
                    assertThat(replica.getAlive()).isFalse();
                });
            } finally {
                admin.shutdown();
            }
        } finally {
            api.shutdown();
        }
    }

    private static String brokerAddress(long id) {
        return "127.0.0.1:" + (30_909 + id);
    }
}
