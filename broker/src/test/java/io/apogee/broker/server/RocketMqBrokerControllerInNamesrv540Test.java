package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import io.apogee.controller.state.GroupView;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ChildJvm;
import io.apogee.testsupport.process.RocketMqProcesses;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache RocketMQ 5.4.0's own brokers in controller mode (two child JVMs) against one Apogee name server that hosts the
 * controller ({@code enableControllerInNamesrv}), named as both {@code namesrvAddr} and {@code controllerAddr}. The
 * brokers read their group only every 60 s. One becomes master, the other its slave and a member of the sync-state
 * set. When the master is killed, the controller elects the slave and sends it NOTIFY_BROKER_ROLE_CHANGED,
 * on which RocketMQ's broker turns master at once, long before its next poll.
 */
@Tag("slow")
class RocketMqBrokerControllerInNamesrv540Test {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String GROUP = "rocketmq-ctl";
    /** RocketMQ's broker first reads its group 3 s after it starts, then every period. */
    private static final int POLL_MILLIS = 60_000;
    private static final long FIRST_POLL_DELAY_MILLIS = 3_000;
    private static final long NOTICE_FAILOVER_BOUND_MILLIS = 20_000;

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();
    private NameServerContext nameServer;
    private DefaultMQAdminExt admin;

    @AfterEach
    void stopAll() {
        if (admin != null) {
            admin.shutdown();
        }
        processes.forEach(ChildJvm::stop);
        if (nameServer != null) {
            nameServer.close();
        }
    }

    @Test
    void rocketMqBrokersFollowTheControllerInAnApogeeNameServerAndActOnItsNotice() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", Integer.toString(Ports.free()));
        settings.setProperty("bindAddress", "127.0.0.1");
        settings.setProperty("kvConfigPath", dir.resolve("kvConfig.json").toString());
        settings.setProperty("enableControllerInNamesrv", "true");
        settings.setProperty("controllerDLegerPeers", "n0-127.0.0.1:" + Ports.free());
        settings.setProperty("controllerDLegerSelfId", "n0");
        settings.setProperty("controllerStorePath", dir.resolve("controller").toString());
        settings.setProperty("controllerElectionTimeoutMillis", "500");
        settings.setProperty("scanNotActiveBrokerInterval", "200");
        nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE);
        String address = "127.0.0.1:" + nameServer.port();
        Await.until("the controller replica leads", WAIT, () -> nameServer.controller().replica().isLeader());
        admin = new DefaultMQAdminExt(10_000);
        admin.setNamesrvAddr(address);
        admin.setInstanceName("controller-admin-" + System.nanoTime());
        admin.start();

        // one after the other: two RocketMQ JVMs that start at once take as long, and may starve their heartbeats
        List<Integer> ports = List.of(Ports.freeRocketMqBrokerPort(), Ports.freeRocketMqBrokerPort());
        processes.add(broker("a", ports.get(0), address));
        Await.until("the first RocketMQ broker masters epoch 1", WAIT, () -> group().hasMaster());
        long slaveStarted = System.nanoTime();
        processes.add(broker("b", ports.get(1), address));
        Await.until("the second joins the sync-state set", WAIT, () -> group().syncStateSet().size() == 2);
        assertThat(group().masterEpoch()).isEqualTo(1);
        String master = "127.0.0.1:" + ports.get(0);
        String slave = "127.0.0.1:" + ports.get(1);
        assertThat(group().masterAddress()).isEqualTo(master);
        Await.until("the name server routes to the master", WAIT, () -> nameServerMaster().equals(master));

        long killed = System.nanoTime();
        processes.getFirst().destroyForcibly().waitFor();
        Await.until("the controller elects the slave", WAIT, () -> masterAddress().equals(slave));
        Await.until("the slave registers as master with the name server", WAIT, () -> nameServerMaster().equals(slave));
        assertThat(group().masterEpoch()).isEqualTo(2);
        long switched = System.nanoTime();
        long tookMillis = (switched - killed) / 1_000_000;
        assertThat((switched - slaveStarted) / 1_000_000).as("before the slave's second read of its group")
            .isLessThan(FIRST_POLL_DELAY_MILLIS + POLL_MILLIS);
        System.out.println("RocketMQ 5.4.0 broker: master with the name server " + tookMillis
            + " ms after the old one was killed (poll period " + POLL_MILLIS + " ms)");
        assertThat(tookMillis).as("told by the controller, well before its next poll")
            .isLessThan(NOTICE_FAILOVER_BOUND_MILLIS);
    }

    private Process broker(String name, int port, String nameServerAddress) {
        try {
            return startBroker(name, port, nameServerAddress);
        } catch (Exception e) {
            throw new IllegalStateException("RocketMQ broker " + name + " did not start", e);
        }
    }

    private Process startBroker(String name, int port, String nameServerAddress) throws Exception {
        return RocketMqProcesses.broker(dir.resolve(name), port, nameServerAddress, Map.ofEntries(
            Map.entry("brokerName", GROUP),
            Map.entry("enableControllerMode", "true"),
            Map.entry("controllerAddr", nameServerAddress),
            Map.entry("syncBrokerMetadataPeriod", Integer.toString(POLL_MILLIS)),
            Map.entry("syncControllerMetadataPeriod", "1000"),
            Map.entry("brokerHeartbeatInterval", "200"),
            Map.entry("controllerHeartBeatTimeoutMills", "3000"),
            Map.entry("checkSyncStateSetPeriod", "500"),
            Map.entry("haMaxTimeSlaveNotCatchup", "3000"),
            Map.entry("haListenPort", Integer.toString(Ports.free())),
            Map.entry("registerNameServerPeriod", "1000"),
            Map.entry("mappedFileSizeCommitLog", "16777216")));
    }

    private GroupView group() {
        GroupView group = nameServer.controller().replica().localGroup(GROUP);
        return group == null ? new GroupView("", GROUP, new TreeMap<>(), GroupView.NO_MASTER, null, 0, new TreeSet<>(), 0)
            : group;
    }

    private String masterAddress() {
        GroupView group = group();
        return group.hasMaster() ? group.masterAddress() : "";
    }

    /** The address the name server routes to as the group's brokerId 0, or "". */
    private String nameServerMaster() {
        try {
            BrokerData data = admin.examineBrokerClusterInfo().getBrokerAddrTable().get(GROUP);
            String master = data == null ? null : data.getBrokerAddrs().get(0L);
            return master == null ? "" : master;
        } catch (Exception notYet) {
            return "";
        }
    }
}
