package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.failover.BrokerIdFile;
import io.apogee.broker.failover.EpochEntry;
import io.apogee.broker.failover.EpochFile;
import io.apogee.common.time.SystemClock;
import io.apogee.controller.server.ControllerConfig;
import io.apogee.controller.server.ControllerServer;
import io.apogee.controller.state.GroupView;
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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.RPCHook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Apogee brokers in controller mode, one name server and three controller replicas in this process, over
 * loopback sockets, with the official 5.4.0 producer: the first broker becomes master, the second its slave, which
 * joins the sync-state set once caught up; when the master stops, the controller elects the slave, which turns master
 * and takes sends; the old master comes back with its kept id as a slave of the new one and copies its log. A master
 * that took sends alone and comes back after another was elected has its tail cut first.
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topic, as the replication tests do
@SuppressWarnings("deprecation")
class ControllerModeBrokerTest {
    private static final String GROUP = "broker-a";
    private static final String TOPIC = "FailoverTopic";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int HEARTBEAT_TIMEOUT_MILLIS = 2_000;
    /** Far longer than a failover takes: a broker that turns master sooner was told, not polling. */
    private static final int SLOW_POLL_MILLIS = 60_000;
    private static final String INNER_CREDENTIALS = "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}";

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<ControllerServer> controllerServers = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable each : open.reversed()) {
            each.close();
        }
    }

    @Test
    void theControllerPicksTheMasterAndTheInSyncSlaveTakesOverWhenTheMasterStops() throws Exception {
        String controllers = startControllers(false);
        String nameServer = startNameServer();

        ControllerModeBroker first = broker("a", nameServer, controllers);
        Await.until("the first broker masters epoch 1", WAIT, () -> first.isMaster());
        assertThat(first.brokerId()).as("ids start at 1").isEqualTo(1);
        assertThat(first.masterEpoch()).isEqualTo(1);
        assertThat(new BrokerIdFile(dir.resolve("a"), "DefaultCluster", GROUP).read()).hasValue(1);
        assertThat(new EpochFile(dir.resolve("a")).entries()).containsExactly(new EpochEntry(1, 0));

        ControllerModeBroker second = broker("b", nameServer, controllers);
        Await.until("the second broker follows as a slave", WAIT, () -> second.broker() != null);
        assertThat(second.brokerId()).isEqualTo(2);
        assertThat(second.isMaster()).isFalse();
        assertThat(second.masterEpoch()).isEqualTo(1);

        DefaultMQProducer producer = producer(nameServer);
        createTopic(producer, first.address());
        for (int i = 0; i < 20; i++) {
            assertThat(producer.send(message("before-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        assertSendRefused(producer, second.address());
        long end = first.broker().store().logEnd();
        Await.until("the slave holds the master's log and topic", WAIT,
            () -> second.broker().store().logEnd() == end && second.broker().metadata().topics().get(TOPIC) != null);
        Await.until("the master puts the caught-up slave in its sync-state set", WAIT,
            () -> first.syncStateSet().equals(Set.of(1L, 2L)));

        long stopped = System.nanoTime();
        first.close();
        Await.until("the in-sync slave turns master in epoch 2", WAIT, () -> second.isMaster());
        SendResult sent = sendUntilAccepted(producer, "after-0");
        long tookMillis = (System.nanoTime() - stopped) / 1_000_000;
        System.out.println("controller mode: a new master took a send " + tookMillis + " ms after the old one stopped"
            + " (controllerHeartBeatTimeoutMills " + HEARTBEAT_TIMEOUT_MILLIS + ")");
        assertThat(second.masterEpoch()).isEqualTo(2);
        assertThat(sent.getMessageQueue().getBrokerName()).isEqualTo(GROUP);
        assertThat(tookMillis).isLessThan(WAIT.toMillis());
        assertThat(new EpochFile(dir.resolve("b")).entries()).containsExactly(new EpochEntry(1, 0),
            new EpochEntry(2, end));
        for (int i = 1; i < 10; i++) {
            assertThat(producer.send(message("after-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }

        ControllerModeBroker back = broker("a", nameServer, controllers);
        Await.until("the old master is back as a slave of epoch 2", WAIT, () -> back.broker() != null);
        assertThat(back.brokerId()).as("the id kept under its store").isEqualTo(1);
        assertThat(back.isMaster()).isFalse();
        assertThat(back.masterEpoch()).isEqualTo(2);
        long newEnd = second.broker().store().logEnd();
        Await.until("the old master copies the new master's log", WAIT,
            () -> back.broker().store().logEnd() == newEnd);
        assertSendRefused(producer, back.address());
        assertThat(new EpochFile(dir.resolve("a")).entries()).as("the slave took its master's epochs")
            .isEqualTo(new EpochFile(dir.resolve("b")).entries());
        Await.until("the new master puts it back in the sync-state set", WAIT,
            () -> second.syncStateSet().equals(Set.of(1L, 2L)));
    }

    @Test
    void aNewControllerLeaderHearsTheMasterWithoutWaitingForTheBrokersNextCall() throws Exception {
        // the grace a new leader gives brokers it has not heard from is this timeout too
        String controllers = startControllers(false,
            Map.of("controllerHeartBeatTimeoutMills", Integer.toString(HEARTBEAT_TIMEOUT_MILLIS)));
        String nameServer = startNameServer();
        Properties rarelyCalling = new Properties();
        rarelyCalling.setProperty("syncBrokerMetadataPeriod", Integer.toString(SLOW_POLL_MILLIS));
        rarelyCalling.setProperty("checkSyncStateSetPeriod", Integer.toString(SLOW_POLL_MILLIS));
        ControllerModeBroker master = broker("a", nameServer, controllers, rarelyCalling);
        Await.until("the broker masters epoch 1", WAIT, () -> master.isMaster());

        ControllerServer oldLeader = controllerServers.stream().filter(server -> server.replica().isLeader())
            .findFirst().orElseThrow();
        open.remove(oldLeader);
        oldLeader.close();
        ControllerServer[] newLeader = new ControllerServer[1];
        Await.until("another replica leads", WAIT, () -> {
            newLeader[0] = controllerServers.stream().filter(server -> server != oldLeader)
                .filter(server -> server.replica().isLeader()).findFirst().orElse(null);
            return newLeader[0] != null;
        });
        long ledSince = System.nanoTime();
        long graceNanos = 3L * HEARTBEAT_TIMEOUT_MILLIS * 1_000_000;
        // past its grace, the new leader counts the master alive only if the heartbeats reach it; the broker's own
        // calls, which would find the new leader, come only every SLOW_POLL_MILLIS
        Await.until("the new leader still hears the master three timeouts after it took over", WAIT,
            () -> System.nanoTime() - ledSince > graceNanos && newLeader[0].brokerAlive(GROUP, master.brokerId()));
        GroupView group = newLeader[0].replica().localGroup(GROUP);
        assertThat(group.masterBrokerId()).as("no election").isEqualTo(master.brokerId());
        assertThat(group.masterEpoch()).isEqualTo(1);
        assertThat(master.isMaster()).isTrue();
        assertThat(master.masterEpoch()).isEqualTo(1);
    }

    @Test
    void aReturningMasterCutsItsDivergentTailAtTheNextEpochsStartBeforeItFollows() throws Exception {
        // the tail exists only because the master took sends alone: an unclean election then picks the other broker
        String controllers = startControllers(true);
        String nameServer = startNameServer();
        ControllerModeBroker first = broker("a", nameServer, controllers);
        Await.until("the first broker masters epoch 1", WAIT, () -> first.isMaster());
        ControllerModeBroker second = broker("b", nameServer, controllers);
        Await.until("the second broker follows", WAIT, () -> second.broker() != null);
        DefaultMQProducer producer = producer(nameServer);
        createTopic(producer, first.address());
        for (int i = 0; i < 10; i++) {
            assertThat(producer.send(message("both-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        long shared = first.broker().store().logEnd();
        Await.until("the slave holds the master's log and topic", WAIT,
            () -> second.broker().store().logEnd() == shared && second.broker().metadata().topics().get(TOPIC) != null);

        second.close();
        for (int i = 0; i < 10; i++) {
            assertThat(producer.send(message("only-on-a-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        long divergedEnd = first.broker().store().logEnd();
        first.close();

        ControllerModeBroker newMaster = broker("b", nameServer, controllers);
        Await.until("the broker without the tail masters epoch 2", WAIT, () -> newMaster.isMaster());
        assertThat(newMaster.masterEpoch()).isEqualTo(2);
        assertThat(new EpochFile(dir.resolve("b")).entries().getLast()).isEqualTo(new EpochEntry(2, shared));
        sendUntilAccepted(producer, "epoch-2-0");
        for (int i = 1; i < 5; i++) {
            assertThat(producer.send(message("epoch-2-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }

        ControllerModeBroker returned = broker("a", nameServer, controllers);
        Await.until("the old master of epoch 1 follows as a slave", WAIT, () -> returned.broker() != null);
        assertThat(returned.isMaster()).isFalse();
        assertThat(divergedEnd).isGreaterThan(shared);
        assertThat(returned.broker().store().recoveryReport().logEnd()).as("cut where the logs stop agreeing")
            .isEqualTo(shared);
        long finalEnd = newMaster.broker().store().logEnd();
        Await.until("the cut log copies epoch 2", WAIT, () -> returned.broker().store().logEnd() == finalEnd);
        for (int queue = 0; queue < 4; queue++) {
            assertThat(returned.broker().store().maxOffset(TOPIC, queue)).as("queue " + queue)
                .isEqualTo(newMaster.broker().store().maxOffset(TOPIC, queue));
        }
        assertSendRefused(producer, returned.address());
    }

    @Test
    void withAllAckASendNeedsEveryMemberAndFewerThanMinInSyncReplicasAreRefused() throws Exception {
        String controllers = startControllers(false);
        String nameServer = startNameServer();
        Properties strict = new Properties();
        strict.setProperty("allAckInSyncStateSet", "true");
        strict.setProperty("minInSyncReplicas", "2");
        ControllerModeBroker first = broker("a", nameServer, controllers, strict);
        Await.until("the first broker masters epoch 1", WAIT, () -> first.isMaster());
        DefaultMQProducer producer = producer(nameServer);
        producer.setRetryTimesWhenSendFailed(0);
        createTopic(producer, first.address());
        long alone = first.broker().store().logEnd();
        assertInSyncReplicasNotEnough(producer);
        assertThat(first.broker().store().logEnd()).as("nothing stored").isEqualTo(alone);

        ControllerModeBroker second = broker("b", nameServer, controllers, strict);
        Await.until("the slave joins the sync-state set", WAIT, () -> first.syncStateSet().equals(Set.of(1L, 2L)));
        for (int i = 0; i < 10; i++) {
            assertThat(producer.send(message("all-ack-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(second.broker().store().replicaEnd()).as("the slave held it before the answer")
                .isGreaterThanOrEqualTo(first.broker().store().logEnd());
        }

        second.close();
        Await.until("the master drops the slave that is gone", WAIT, () -> first.syncStateSet().equals(Set.of(1L)));
        assertInSyncReplicasNotEnough(producer);
    }

    @Test
    void withAuthenticationOnEveryInternalCallIsSignedAndTheGroupStillFailsOver() throws Exception {
        // controllers, HA, the epoch request and the controller's notice all refuse what is not signed
        String controllers = startControllers(false, Map.of("authenticationEnabled", "true",
            "innerClientAuthenticationCredentials", INNER_CREDENTIALS));
        String nameServer = startNameServer();
        Properties authenticated = new Properties();
        authenticated.setProperty("authenticationEnabled", "true");
        authenticated.setProperty("initAuthenticationUser", "{\"username\":\"inner\",\"password\":\"inner-secret\"}");
        authenticated.setProperty("innerClientAuthenticationCredentials", INNER_CREDENTIALS);
        // no read of the group within the test: the slave can only learn of its election from the signed notice
        authenticated.setProperty("syncBrokerMetadataPeriod", Integer.toString(SLOW_POLL_MILLIS));
        ControllerModeBroker first = broker("a", nameServer, controllers, authenticated);
        Await.until("the first broker masters epoch 1", WAIT, () -> first.isMaster());
        long slaveStarted = System.nanoTime();
        ControllerModeBroker second = broker("b", nameServer, controllers, authenticated);
        Await.until("the second broker follows as a slave", WAIT, () -> second.broker() != null);

        DefaultMQProducer producer = producer(nameServer,
            new AclClientRPCHook(new SessionCredentials("inner", "inner-secret")));
        createTopic(producer, first.address());
        for (int i = 0; i < 10; i++) {
            assertThat(producer.send(message("signed-" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        long end = first.broker().store().logEnd();
        Await.until("the authenticated slave holds the master's log and topic", WAIT,
            () -> second.broker().store().logEnd() == end && second.broker().metadata().topics().get(TOPIC) != null);
        Await.until("the master puts it in the sync-state set", WAIT, () -> first.syncStateSet().equals(Set.of(1L, 2L)));
        assertThat(unsignedNotice(second.address(), second.address())).as("an unsigned notice of a newer epoch")
            .isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(second.noticesFollowed()).isZero();

        first.close();
        Await.until("the in-sync slave turns master in epoch 2", WAIT, () -> second.isMaster());
        assertThat((System.nanoTime() - slaveStarted) / 1_000_000).as("before the slave's second read of its group")
            .isLessThan(SLOW_POLL_MILLIS);
        assertThat(second.noticesFollowed()).as("the controller's signed notice").isEqualTo(1);
        assertThat(sendUntilAccepted(producer, "signed-after").getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    /** A NOTIFY_BROKER_ROLE_CHANGED naming {@code master} in epoch 9, sent unsigned and two-way; its answer's code. */
    private int unsignedNotice(String broker, String master) throws InterruptedException {
        RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
        open.add(client);
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.NOTIFY_BROKER_ROLE_CHANGED, 0);
        header.ext().add("masterAddress", master).add("masterEpoch", 9).add("syncStateSetEpoch", 9)
            .add("masterBrokerId", 2);
        ByteBuf body = Unpooled.copiedBuffer("{\"syncStateSet\":[2],\"syncStateSetEpoch\":9}", StandardCharsets.UTF_8);
        try (RemotingResponse response = client.invokeSync(broker, header, body, 3_000)) {
            return response.code();
        }
    }

    /** A send is refused as RocketMQ refuses IN_SYNC_REPLICAS_NOT_ENOUGH: SYSTEM_ERROR, with its remark. */
    private static void assertInSyncReplicasNotEnough(DefaultMQProducer producer) {
        // the producer gives up after its one try and wraps the broker's answer
        assertThatThrownBy(() -> producer.send(message("refused")))
            .hasCauseInstanceOf(MQBrokerException.class)
            .satisfies(e -> {
                MQBrokerException answer = (MQBrokerException) e.getCause();
                assertThat(answer.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                assertThat(answer.getErrorMessage()).contains("in-sync replicas not enough");
            });
    }

    private String startNameServer() throws InterruptedException {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(nameServer);
        return "127.0.0.1:" + nameServer.port();
    }

    private DefaultMQProducer producer(String nameServer) throws Exception {
        return producer(nameServer, null);
    }

    private DefaultMQProducer producer(String nameServer, RPCHook hook) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("failover-producer", hook);
        producer.setNamesrvAddr(nameServer);
        producer.setPollNameServerInterval(200);
        producer.setSendMsgTimeout(2_000);
        producer.start();
        open.add(producer::shutdown);
        return producer;
    }

    private static void createTopic(DefaultMQProducer producer, String address) throws Exception {
        MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
        admin.createTopic(address, "TBW102", new TopicConfig(TOPIC, 4, 4), 3_000);
    }

    /** A send straight to the broker at {@code address} is refused: a slave takes only its master's bytes. */
    private static void assertSendRefused(DefaultMQProducer producer, String address) {
        assertThatThrownBy(() -> StraightSend.to(producer, address, GROUP, message("to-a-slave"), 3_000))
            .isInstanceOf(MQBrokerException.class)
            .satisfies(e -> assertThat(((MQBrokerException) e).getResponseCode())
                .isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE));
    }

    private SendResult sendUntilAccepted(DefaultMQProducer producer, String key) throws InterruptedException {
        SendResult[] result = new SendResult[1];
        Await.until("a send accepted by the new master", WAIT, () -> {
            try {
                result[0] = producer.send(message(key));
                return result[0].getSendStatus() == SendStatus.SEND_OK;
            } catch (Exception e) {
                return false;
            }
        });
        return result[0];
    }

    private ControllerModeBroker broker(String name, String nameServer, String controllers) {
        return broker(name, nameServer, controllers, new Properties());
    }

    private ControllerModeBroker broker(String name, String nameServer, String controllers, Properties extra) {
        Properties settings = new Properties();
        settings.setProperty("enableControllerMode", "true");
        settings.setProperty("controllerAddr", controllers);
        settings.setProperty("syncBrokerMetadataPeriod", "200");
        settings.setProperty("brokerHeartbeatInterval", "200");
        settings.setProperty("controllerHeartBeatTimeoutMills", Integer.toString(HEARTBEAT_TIMEOUT_MILLIS));
        settings.setProperty("checkSyncStateSetPeriod", "200");
        settings.setProperty("haMaxTimeSlaveNotCatchup", "1000");
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", GROUP);
        settings.setProperty("storePathRootDir", dir.resolve(name).toString());
        settings.setProperty("listenPort", Integer.toString(stablePort(name)));
        // a fixed HA port too: a free one (0) may be the very port this broker is about to listen on
        settings.setProperty("haListenPort", Integer.toString(stablePort(name + "-ha")));
        settings.setProperty("haSendHeartbeatInterval", "200");
        settings.setProperty("slaveMetadataSyncInterval", "200");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(1 << 20));
        settings.setProperty("maxMessageSize", Integer.toString(1 << 18));
        settings.setProperty("streamEnable", "false");
        settings.putAll(extra);
        ControllerModeBroker broker = ControllerModeBroker.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(broker);
        return broker;
    }

    private final Map<String, Integer> ports = new HashMap<>();

    /** One port per broker name, so that a broker that comes back has the address the controller knows. */
    private int stablePort(String name) {
        return ports.computeIfAbsent(name, ignored -> freePort());
    }

    /** Three replicas; a broker counts as gone after its own heartbeat timeout. */
    private String startControllers(boolean electUnclean) throws Exception {
        return startControllers(electUnclean, Map.of());
    }

    /** As {@link #startControllers(boolean)}, each replica with {@code extra} settings too. */
    private String startControllers(boolean electUnclean, Map<String, String> extra) throws Exception {
        List<String> peers = new ArrayList<>();
        List<Integer> remoting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            peers.add("n" + i + "-127.0.0.1:" + freePort());
            remoting.add(freePort());
        }
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, String> settings = new HashMap<>();
            settings.put("controllerDLegerPeers", String.join(";", peers));
            settings.put("controllerDLegerSelfId", "n" + i);
            settings.put("controllerStorePath", dir.resolve("controller-n" + i).toString());
            settings.put("listenHost", "127.0.0.1");
            settings.put("listenPort", Integer.toString(remoting.get(i)));
            settings.put("controllerElectionTimeoutMillis", "500");
            settings.put("scanNotActiveBrokerInterval", "200");
            settings.put("enableElectUncleanMaster", Boolean.toString(electUnclean));
            settings.putAll(extra);
            ControllerServer server = ControllerServer.start(ControllerConfig.parse(settings), SystemClock.INSTANCE,
                TransportConfig.defaults());
            open.add(server);
            controllerServers.add(server);
            addresses.add("127.0.0.1:" + remoting.get(i));
        }
        return String.join(";", addresses);
    }

    private static Message message(String key) {
        Message message = new Message(TOPIC, "failover", key.getBytes(StandardCharsets.UTF_8));
        message.setKeys(key);
        return message;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
