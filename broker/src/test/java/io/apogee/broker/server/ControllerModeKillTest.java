package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import io.apogee.launcher.Ports;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import io.apogee.testsupport.process.NetworkNamespace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controller mode under load with a kill: three controller replicas and a name server in this JVM, the first master
 * as a child JVM (killed with SIGKILL), two more brokers in this JVM, all with allAckInSyncStateSet, and the official
 * 5.4.0 producer sending from four threads throughout. A new master takes sends within a bound the test prints, and
 * every message acknowledged SEND_OK, before or after the kill, is in the new master's log. Then one controller replica
 * stops and an election still works; a second stops and the master goes on taking sends. A master frozen with
 * SIGSTOP until another is elected takes no write when it thaws, and rejoins as a slave with its log cut; so does a
 * master that runs on in a network namespace of its own while the test takes its link down.
 */
@Tag("slow")
@SuppressWarnings("deprecation")
class ControllerModeKillTest {
    private static final String GROUP = "broker-a";
    private static final String TOPIC = "KillTopic";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int THREADS = 4;
    private static final int HEARTBEAT_TIMEOUT_MILLIS = 2_000;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();
    private ControllerReplicas controllers;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable each : open.reversed()) {
            each.close();
        }
    }

    @Test
    void aKilledMasterIsReplacedUnderLoadWithNoAcknowledgedMessageLost() throws Exception {
        String controllerAddresses = startControllers();
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE);
        open.add(nameServer);
        String nameServerAddress = "127.0.0.1:" + nameServer.port();

        int childPort = Ports.free();
        Files.createDirectories(dir.resolve("a"));
        Map<String, String> childSettings = new HashMap<>();
        settings(nameServerAddress, controllerAddresses).forEach((key, value) -> childSettings.put((String) key,
            (String) value));
        childSettings.put("haListenPort", Integer.toString(Ports.free())); // not 0: see broker(..)
        ApogeeBrokerProcess child = ApogeeBrokerProcess.start(dir.resolve("a"), childPort, childSettings);
        open.add(child);
        Await.until("the child masters epoch 1", WAIT, () -> controllers.group(GROUP).masterEpoch() == 1
            && ("127.0.0.1:" + childPort).equals(controllers.group(GROUP).masterAddress()));
        ControllerModeBroker b = broker("b", nameServerAddress, controllerAddresses);
        ControllerModeBroker c = broker("c", nameServerAddress, controllerAddresses);
        Await.until("both slaves in the sync-state set", WAIT, () -> controllers.group(GROUP).syncStateSet().size() == 3);

        DefaultMQProducer producer = new DefaultMQProducer("kill-producer");
        producer.setNamesrvAddr(nameServerAddress);
        producer.setPollNameServerInterval(200);
        producer.setSendMsgTimeout(3_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        open.add(producer::shutdown);
        producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl()
            .createTopic(child.address(), "TBW102", new TopicConfig(TOPIC, 4, 4), 3_000);
        Await.until("the slaves have the topic", WAIT, () -> b.broker() != null && c.broker() != null
            && b.broker().metadata().topics().get(TOPIC) != null && c.broker().metadata().topics().get(TOPIC) != null);

        Map<Long, byte[]> acked = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong firstAckAfterKill = new AtomicLong();
        AtomicLong killedAt = new AtomicLong(Long.MAX_VALUE);
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            Thread sender = new Thread(() -> send(producer, thread, acked, stop, killedAt, firstAckAfterKill),
                "sender-" + t);
            senders.add(sender);
            sender.start();
        }
        Await.until("300 messages acknowledged", WAIT, () -> acked.size() >= 300);
        killedAt.set(System.nanoTime());
        child.kill();
        int ackedAtKill = acked.size();
        Await.until("a new master takes sends", WAIT, () -> firstAckAfterKill.get() != 0);
        long tookMillis = (firstAckAfterKill.get() - killedAt.get()) / 1_000_000;
        Await.until("300 more messages acknowledged", WAIT, () -> acked.size() >= ackedAtKill + 300);
        stop.set(true);
        for (Thread sender : senders) {
            sender.join(WAIT.toMillis());
        }
        ControllerModeBroker master = b.isMaster() ? b : c;
        ControllerModeBroker slave = master == b ? c : b;
        assertThat(master.isMaster()).isTrue();
        assertThat(master.masterEpoch()).isEqualTo(2);
        System.out.println("ControllerModeKillTest: after kill -9 of the master, a new master took a send in "
            + tookMillis + " ms (controllerHeartBeatTimeoutMills " + HEARTBEAT_TIMEOUT_MILLIS + "); " + ackedAtKill
            + " acknowledged before the kill, " + acked.size() + " in all");
        assertThat(tookMillis).isLessThan(30_000);
        MessageStore store = master.broker().store();
        for (Map.Entry<Long, byte[]> message : acked.entrySet()) {
            assertThat(bodyAt(store, message.getKey())).as("the message at " + message.getKey())
                .isEqualTo(message.getValue());
        }

        // one controller replica down: the master stops, and the other broker, in sync again, is still elected
        Await.until("the other broker back in the sync-state set", WAIT, () -> controllers.group(GROUP).syncStateSet().size() == 2);
        controllers.stopLeader();
        long epoch = master.masterEpoch();
        master.close();
        Await.until("the last broker masters a new epoch with two controller replicas", WAIT,
            () -> slave.isMaster() && slave.masterEpoch() > epoch);
        SendResult afterOneDown = sendUntilAccepted(producer, "one-controller-down");
        assertThat(afterOneDown.getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        // two down: no quorum, so nothing can change, and the master goes on taking sends
        controllers.stopLeader();
        int lastEpoch = slave.masterEpoch();
        for (int i = 0; i < 20; i++) {
            assertThat(producer.send(new Message(TOPIC, ("no-quorum-" + i).getBytes(StandardCharsets.UTF_8)))
                .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        assertThat(slave.isMaster()).isTrue();
        assertThat(slave.masterEpoch()).isEqualTo(lastEpoch);
    }

    @Test
    void aPausedMasterTakesNoWriteInTheNewEpochAndRejoinsAsASlaveWithItsLogCut() throws Exception {
        anIsolatedMasterTakesNoWriteInTheNewEpochAndRejoins(null, ApogeeBrokerProcess::pause,
            ApogeeBrokerProcess::resume);
    }

    @Test
    void aMasterCutOffByTheNetworkTakesNoWriteInTheNewEpochAndRejoinsAsASlaveWithItsLogCut() throws Exception {
        NetworkNamespace namespace;
        try {
            namespace = NetworkNamespace.create();
        } catch (IOException e) {
            Assumptions.abort("this machine gives the test no network namespace: " + e.getMessage());
            return;
        }
        open.add(namespace);
        // the master runs on, unaware: only the link between its namespace and the rest goes down, then up
        anIsolatedMasterTakesNoWriteInTheNewEpochAndRejoins(namespace, child -> namespace.cut(),
            child -> namespace.heal());
    }

    /** What the test does to the child master to cut it off, and to let it back. */
    private interface Isolation {
        void apply(ApogeeBrokerProcess child) throws Exception;
    }

    /**
     * The first master a child JVM (in {@code namespace}, when not null), two slaves here; {@code isolate} cuts the
     * master off until another is elected and takes sends, {@code restore} lets it back: it takes no write, and rejoins
     * as a slave with its log cut to the new master's.
     */
    private void anIsolatedMasterTakesNoWriteInTheNewEpochAndRejoins(NetworkNamespace namespace, Isolation isolate,
        Isolation restore) throws Exception {
        // what the child, inside the namespace, reaches this side by: its end of the link, or loopback
        String host = namespace == null ? "127.0.0.1" : namespace.hostAddress().getHostAddress();
        controllers = ControllerReplicas.start(dir, host, host);
        open.add(controllers);
        String controllerAddresses = controllers.controllerAddr();
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE);
        open.add(nameServer);
        String nameServerAddress = host + ":" + nameServer.port();
        int childPort = Ports.free();
        Files.createDirectories(dir.resolve("a"));
        Map<String, String> childSettings = new HashMap<>();
        settings(nameServerAddress, controllerAddresses).forEach((key, value) -> childSettings.put((String) key,
            (String) value));
        childSettings.put("haListenPort", Integer.toString(Ports.free())); // not 0: see broker(..)
        ApogeeBrokerProcess child = ApogeeBrokerProcess.start(dir.resolve("a"), childPort, childSettings, List.of(),
            namespace);
        open.add(child);
        Await.until("the child masters epoch 1", WAIT, () -> controllers.group(GROUP).masterEpoch() == 1
            && child.address().equals(controllers.group(GROUP).masterAddress()));
        long childId = controllers.group(GROUP).masterBrokerId();
        ControllerModeBroker b = broker("b", host, nameServerAddress, controllerAddresses);
        ControllerModeBroker c = broker("c", host, nameServerAddress, controllerAddresses);
        Await.until("both slaves in the sync-state set", WAIT, () -> controllers.group(GROUP).syncStateSet().size() == 3);
        DefaultMQProducer producer = new DefaultMQProducer("pause-producer");
        producer.setNamesrvAddr(nameServerAddress);
        producer.setPollNameServerInterval(200);
        producer.setSendMsgTimeout(3_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        open.add(producer::shutdown);
        producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl()
            .createTopic(child.address(), "TBW102", new TopicConfig(TOPIC, 4, 4), 3_000);
        for (int i = 0; i < 50; i++) {
            assertThat(producer.send(new Message(TOPIC, ("before-" + i).getBytes(StandardCharsets.UTF_8)))
                .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }

        isolate.apply(child);
        Await.until("a new master while the old one is cut off", WAIT, () -> b.isMaster() || c.isMaster());
        ControllerModeBroker master = b.isMaster() ? b : c;
        assertThat(master.masterEpoch()).isEqualTo(2);
        sendUntilAccepted(producer, "epoch-2-0");
        for (int i = 1; i < 20; i++) {
            assertThat(producer.send(new Message(TOPIC, ("epoch-2-" + i).getBytes(StandardCharsets.UTF_8)))
                .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }

        restore.apply(child);
        // straight to the old master, as a producer with a stale route would send: never acknowledged SEND_OK
        for (int i = 0; i < 5; i++) {
            assertThat(sendStraightTo(producer, child.address())).as("a send to the old master once back")
                .isNotEqualTo(SendStatus.SEND_OK);
        }
        MessageStore store = master.broker().store();
        Await.until("the old master follows the new one, its log cut and copied to the new master's end", WAIT,
            () -> master.broker().slaves().stream().anyMatch(slave -> slave.brokerId() == childId
                && slave.ackedOffset() == store.logEnd()));
        Await.until("and back in the sync-state set", WAIT,
            () -> controllers.group(GROUP).syncStateSet().contains(childId)
                && controllers.group(GROUP).masterEpoch() == 2);
    }

    /** A send to the broker at {@code address} alone: its status, or null when the broker refused it. */
    private static SendStatus sendStraightTo(DefaultMQProducer producer, String address) {
        Message message = new Message(TOPIC, "to-the-old-master".getBytes(StandardCharsets.UTF_8));
        try {
            return StraightSend.to(producer, address, GROUP, message, 5_000).getSendStatus();
        } catch (Exception refused) {
            return null;
        }
    }

    /** Sends until stopped, through the failover; records each SEND_OK by its commit-log offset. */
    private static void send(DefaultMQProducer producer, int thread, Map<Long, byte[]> acked, AtomicBoolean stop,
        AtomicLong killedAt, AtomicLong firstAckAfterKill) {
        for (int i = 0; !stop.get(); i++) {
            byte[] body = ("thread " + thread + " message " + i).getBytes(StandardCharsets.UTF_8);
            try {
                SendResult result = producer.send(new Message(TOPIC, body));
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    long now = System.nanoTime();
                    acked.put(MessageDecoder.decodeMessageId(result.getOffsetMsgId()).getOffset(), body);
                    if (now > killedAt.get()) {
                        firstAckAfterKill.compareAndSet(0, now);
                    }
                }
            } catch (Exception duringFailover) {
                Thread.onSpinWait(); // the next send finds the new route
            }
        }
    }

    private static SendResult sendUntilAccepted(DefaultMQProducer producer, String key) throws InterruptedException {
        SendResult[] result = new SendResult[1];
        Await.until("a send accepted", WAIT, () -> {
            try {
                result[0] = producer.send(new Message(TOPIC, key.getBytes(StandardCharsets.UTF_8)));
                return result[0].getSendStatus() == SendStatus.SEND_OK;
            } catch (Exception e) {
                return false;
            }
        });
        return result[0];
    }

    private ControllerModeBroker broker(String name, String nameServer, String controllerAddresses) throws IOException {
        return broker(name, "127.0.0.1", nameServer, controllerAddresses);
    }

    /** A broker in this JVM that names itself {@code host} (brokerIP1). */
    private ControllerModeBroker broker(String name, String host, String nameServer, String controllerAddresses)
        throws IOException {
        Properties settings = settings(nameServer, controllerAddresses);
        settings.setProperty("brokerIP1", host);
        settings.setProperty("storePathRootDir", dir.resolve(name).toString());
        settings.setProperty("listenPort", Integer.toString(Ports.free()));
        // a fixed HA port too: a free one (0) may be the very port this broker is about to listen on
        settings.setProperty("haListenPort", Integer.toString(Ports.free()));
        settings.setProperty("streamEnable", "false");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(16 << 20));
        ControllerModeBroker broker = ControllerModeBroker.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(broker);
        return broker;
    }

    private static Properties settings(String nameServer, String controllerAddresses) {
        Properties settings = new Properties();
        settings.setProperty("enableControllerMode", "true");
        settings.setProperty("controllerAddr", controllerAddresses);
        settings.setProperty("syncBrokerMetadataPeriod", "200");
        settings.setProperty("brokerHeartbeatInterval", "200");
        settings.setProperty("controllerHeartBeatTimeoutMills", Integer.toString(HEARTBEAT_TIMEOUT_MILLIS));
        settings.setProperty("checkSyncStateSetPeriod", "200");
        settings.setProperty("haMaxTimeSlaveNotCatchup", "3000");
        settings.setProperty("allAckInSyncStateSet", "true");
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", GROUP);
        settings.setProperty("haSendHeartbeatInterval", "200");
        settings.setProperty("slaveMetadataSyncInterval", "200");
        return settings;
    }

    private String startControllers() throws IOException, InterruptedException {
        controllers = ControllerReplicas.start(dir, "127.0.0.1", "127.0.0.1");
        open.add(controllers);
        return controllers.controllerAddr();
    }

    /** The body of the record at {@code offset} of {@code store}'s log, or null when the log does not hold it whole. */
    private static byte[] bodyAt(MessageStore store, long offset) {
        if (offset + Integer.BYTES > store.logEnd()) {
            return null;
        }
        int size;
        try (LogSlice head = store.sliceLog(offset, Integer.BYTES)) {
            size = head.bytes().getInt(0);
        }
        if (offset + size > store.logEnd()) {
            return null;
        }
        try (LogSlice record = store.sliceLog(offset, size)) {
            ByteBuffer bytes = ByteBuffer.allocate(size).put(record.bytes()).flip();
            MessageExt message = MessageDecoder.decode(bytes, true, false);
            return message == null ? null : message.getBody();
        }
    }
}
