package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.MqAdmin;
import io.apogee.common.time.SystemClock;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three name servers with {@code enableControllerInNamesrv}, each also a controller replica on its own port, and two
 * Apogee brokers in controller mode pointed at them for both roles, in this process over loopback sockets. The
 * brokers read their group only every 60 s, so that a failover within that time shows the controller's
 * NOTIFY_BROKER_ROLE_CHANGED at work: the master stops, the controller elects the slave and tells it, and it turns
 * master at once. Stale, malformed and forged notices change nothing. The name servers still answer their own
 * requests on the port they share with the controller.
 */
@Tag("slow")
class ControllerModeInNamesrvTest {
    private static final String GROUP = "broker-a";
    private static final Duration WAIT = Duration.ofSeconds(30);
    /**
     * Far longer than a failover takes: a broker that turns master sooner was told, not polling. It also covers the
     * mqadmin run before the failover, which takes 20 s on a busy two-core machine.
     */
    private static final int POLL_MILLIS = 60_000;
    /**
     * The replicas share this JVM, whose pauses on a busy two-core machine reach a second: a shorter Raft election
     * timeout lets such a pause move the leadership, and an election applied across that move is told to no broker.
     */
    private static final int RAFT_ELECTION_TIMEOUT_MILLIS = 2_000;
    private static final int HEARTBEAT_TIMEOUT_MILLIS = 2_000;
    private static final long NOTICE_FAILOVER_BOUND_MILLIS = 15_000;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();
    private RemotingClient client;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable each : open.reversed()) {
            each.close();
        }
    }

    @Test
    void nameServersHostTheControllerAndItsNoticeTurnsTheSlaveMasterBeforeItsNextPoll() throws Exception {
        client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
        open.add(client);
        List<NameServerContext> nameServers = startNameServers();
        String addresses = String.join(";", nameServers.stream().map(ns -> "127.0.0.1:" + ns.port()).toList());
        Await.until("one name server's controller replica leads", WAIT,
            () -> nameServers.stream().anyMatch(ns -> ns.controller().replica().isLeader()));

        ControllerModeBroker first = broker("a", addresses);
        Await.until("the first broker masters epoch 1", WAIT, first::isMaster);
        long slaveStarted = System.nanoTime();
        ControllerModeBroker second = broker("b", addresses);
        Await.until("the second broker follows as a slave", WAIT, () -> second.broker() != null);
        assertThat(second.isMaster()).isFalse();
        Await.until("the slave joins the sync-state set", WAIT, () -> first.syncStateSet().equals(Set.of(1L, 2L)));
        for (NameServerContext nameServer : nameServers) {
            assertThat(clusterInfo(nameServer)).as("the name server answers on the controller's port")
                .contains(GROUP).contains(first.address());
        }
        mqAdminShowsTheGroup(addresses, leaderOf(nameServers), first, second);

        // stale (an epoch not newer than the broker's) and malformed notices are dropped without a read
        assertThat(send(second.address(), noticeHeader(1, 1, first.address()), syncStateSetBody()))
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(send(second.address(), noticeHeader(0, 1, first.address()), syncStateSetBody()))
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(send(second.address(), noticeHeader(null, 1, first.address()), syncStateSetBody()))
            .isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(send(second.address(), noticeHeader(5, 1, "no-port"), syncStateSetBody()))
            .isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(send(second.address(), noticeHeader(5, 1, first.address()),
            Unpooled.copiedBuffer("{\"syncStateSet\":[\"x\"]}", StandardCharsets.UTF_8)))
            .isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(second.noticesFollowed()).isZero();
        // a forged notice of a newer epoch makes the broker read its group, which has not changed
        assertThat(send(second.address(), noticeHeader(7, 2, second.address()), syncStateSetBody()))
            .isEqualTo(ResponseCode.SUCCESS);
        Await.until("the forged notice is read against the controller", WAIT, () -> second.noticesFollowed() == 1);
        assertThat(second.isMaster()).isFalse();
        assertThat(second.masterEpoch()).isEqualTo(1);
        assertThat(first.isMaster()).isTrue();

        long stopped = System.nanoTime();
        first.close();
        Await.until("the slave turns master in epoch 2", WAIT, second::isMaster);
        long switched = System.nanoTime();
        long tookMillis = (switched - stopped) / 1_000_000;
        assertThat((switched - slaveStarted) / 1_000_000).as("before the slave's second read of its group")
            .isLessThan(POLL_MILLIS);
        System.out.println("controller in the name server: the slave turned master " + tookMillis
            + " ms after the master stopped (poll period " + POLL_MILLIS + " ms)");
        assertThat(tookMillis).as("told by the controller, well before its next poll")
            .isLessThan(NOTICE_FAILOVER_BOUND_MILLIS);
        assertThat(second.noticesFollowed()).isEqualTo(2);
        assertThat(second.masterEpoch()).isEqualTo(2);
        for (NameServerContext nameServer : nameServers) {
            Await.until("every name server routes to the new master", WAIT,
                () -> clusterInfo(nameServer).contains(second.address()));
        }
    }

    /**
     * mqadmin 5.4.0's {@code getSyncStateSet} (from the controller hosted on the leading name server's port: as with
     * RocketMQ's controllers, only the leader names itself) and {@code getBrokerEpoch} (from each broker of the group)
     * print the master, the set of two and epoch 1 from offset 0.
     */
    private void mqAdminShowsTheGroup(String nameServers, String leader, ControllerModeBroker master,
        ControllerModeBroker slave) throws Exception {
        List<String> printed = new MqAdmin(nameServers, dir.resolve("mqadmin")).run(List.of(
            List.of("getSyncStateSet", "-a", leader, "-b", GROUP),
            List.of("getBrokerEpoch", "-b", GROUP)));
        assertThat(printed.get(0)).contains("#brokerName\t" + GROUP).contains("#MasterBrokerId\t1")
            .contains("#MasterAddr\t" + master.address()).contains("#MasterEpoch\t1").contains("#SyncStateSetNums\t2");
        assertThat(printed.get(1)).contains("#brokerAddr\t" + master.address()).contains("#brokerAddr\t" + slave.address())
            .contains("#Epoch: EpochEntry{epoch=1, startOffset=0");
    }

    private static String leaderOf(List<NameServerContext> nameServers) {
        return nameServers.stream().filter(ns -> ns.controller().replica().isLeader()).map(ns -> "127.0.0.1:" + ns.port())
            .findFirst().orElseThrow(() -> new AssertionError("no name server's controller leads"));
    }

    private List<NameServerContext> startNameServers() throws Exception {
        List<String> peers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            peers.add("n" + i + "-127.0.0.1:" + Ports.free());
            ports.add(Ports.free());
        }
        List<NameServerContext> nameServers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Properties settings = new Properties();
            settings.setProperty("listenPort", Integer.toString(ports.get(i)));
            settings.setProperty("bindAddress", "127.0.0.1");
            settings.setProperty("kvConfigPath", dir.resolve("namesrv-" + i).resolve("kvConfig.json").toString());
            settings.setProperty("enableControllerInNamesrv", "true");
            settings.setProperty("controllerDLegerPeers", String.join(";", peers));
            settings.setProperty("controllerDLegerSelfId", "n" + i);
            settings.setProperty("controllerStorePath", dir.resolve("controller-n" + i).toString());
            settings.setProperty("controllerElectionTimeoutMillis", Integer.toString(RAFT_ELECTION_TIMEOUT_MILLIS));
            settings.setProperty("scanNotActiveBrokerInterval", "200");
            NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir),
                SystemClock.INSTANCE);
            open.add(nameServer);
            nameServers.add(nameServer);
        }
        return nameServers;
    }

    private ControllerModeBroker broker(String name, String nameServers) throws Exception {
        Properties settings = new Properties();
        settings.setProperty("enableControllerMode", "true");
        settings.setProperty("controllerAddr", nameServers);
        settings.setProperty("namesrvAddr", nameServers);
        settings.setProperty("syncBrokerMetadataPeriod", Integer.toString(POLL_MILLIS));
        settings.setProperty("brokerHeartbeatInterval", "200");
        settings.setProperty("controllerHeartBeatTimeoutMills", Integer.toString(HEARTBEAT_TIMEOUT_MILLIS));
        settings.setProperty("checkSyncStateSetPeriod", "200");
        settings.setProperty("haMaxTimeSlaveNotCatchup", "1000");
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", GROUP);
        settings.setProperty("storePathRootDir", dir.resolve(name).toString());
        settings.setProperty("listenPort", Integer.toString(Ports.free()));
        // a fixed HA port too: a free one (0) may be the very port this broker is about to listen on
        settings.setProperty("haListenPort", Integer.toString(Ports.free()));
        settings.setProperty("haSendHeartbeatInterval", "200");
        settings.setProperty("slaveMetadataSyncInterval", "200");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(1 << 20));
        settings.setProperty("maxMessageSize", Integer.toString(1 << 18));
        settings.setProperty("streamEnable", "false");
        ControllerModeBroker broker = ControllerModeBroker.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(broker);
        return broker;
    }

    /** The name server's GET_BROKER_CLUSTER_INFO answer, as text. */
    private String clusterInfo(NameServerContext nameServer) throws InterruptedException {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 0);
        try (RemotingResponse response = client.invokeSync("127.0.0.1:" + nameServer.port(), header, null, 3_000)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            return response.body() == null ? "" : response.body().toString(StandardCharsets.UTF_8);
        }
    }

    /** A NOTIFY_BROKER_ROLE_CHANGED header as RocketMQ's controller writes it; a null epoch is left out. */
    private static RemotingHeader noticeHeader(Integer masterEpoch, long masterBrokerId, String masterAddress) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.NOTIFY_BROKER_ROLE_CHANGED, 0);
        header.ext().add("masterAddress", masterAddress).add("syncStateSetEpoch", 1).add("masterBrokerId", masterBrokerId);
        if (masterEpoch != null) {
            header.ext().add("masterEpoch", masterEpoch);
        }
        return header;
    }

    private static ByteBuf syncStateSetBody() {
        return Unpooled.copiedBuffer("{\"syncStateSet\":[1,2],\"syncStateSetEpoch\":1}", StandardCharsets.UTF_8);
    }

    private int send(String broker, RemotingHeader header, ByteBuf body) throws InterruptedException {
        try (RemotingResponse response = client.invokeSync(broker, header, body, 3_000)) {
            return response.code();
        }
    }
}
