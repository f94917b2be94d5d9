package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.launcher.Ports;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SYNC_MASTER in a child JVM, its slave in this one, and 32 threads sending through the official 5.4.0 producer:
 * the master is killed with SIGKILL mid-load, and every message it acknowledged SEND_OK is in the slave's log, intact.
 * The test command runs {@value #CYCLES_IN_THE_BUILD} cycles, each on a fresh pair; {@code -Dapogee.killCycles=20} runs
 * the slower tier (README).
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topic on the master, as MasterSlave540Test does
@SuppressWarnings("deprecation")
class SyncMasterKillTest {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String TOPIC = ReplicationLoad.TOPICS[0];
    private static final int SEGMENT = 16 << 20;
    private static final int THREADS = 32;
    private static final int ACKED_BEFORE_KILL = 1_500;
    private static final int CYCLES_IN_THE_BUILD = 3;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void everyMessageAcknowledgedBeforeTheMasterIsKilledIsInTheSlavesLog() throws Exception {
        int cycles = Integer.getInteger("apogee.killCycles", CYCLES_IN_THE_BUILD);
        for (int cycle = 1; cycle <= cycles; cycle++) {
            killOnce(dir.resolve("cycle-" + cycle), cycle);
        }
    }

    /** One pair under load in {@code root}, its master killed; every acknowledged message checked on the slave. */
    private static void killOnce(Path root, int cycle) throws Exception {
        int port = Ports.free();
        int haPort = Ports.free();
        Map<String, String> masterSettings = Map.of("brokerName", GROUP, "brokerRole", "SYNC_MASTER",
            "haListenPort", Integer.toString(haPort), "mappedFileSizeCommitLog", Integer.toString(SEGMENT));
        Map<Long, byte[]> acked = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> senders = new ArrayList<>();
        DefaultMQProducer producer = new DefaultMQProducer("sync-master-kill");
        producer.setInstanceName("sync-master-kill-" + cycle);
        Files.createDirectories(root.resolve("master"));
        try (ApogeeBrokerProcess master = ApogeeBrokerProcess.start(root.resolve("master"), port, masterSettings);
             TestBroker slave = TestBroker.start(root.resolve("slave"), slaveSettings(master.address(), haPort))) {
            producer.setNamesrvAddr(master.address());
            producer.setRetryTimesWhenSendFailed(0);
            producer.start();
            ReplicationLoad.createTopics(producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl(),
                master.address());
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Thread sender = new Thread(() -> send(producer, thread, acked, stop), "sender-" + t);
                senders.add(sender);
                sender.start();
            }
            Await.until(ACKED_BEFORE_KILL + " messages acknowledged", WAIT, () -> acked.size() >= ACKED_BEFORE_KILL);
            master.kill();
            Map<Long, byte[]> ackedBeforeKill = Map.copyOf(acked);
            stop.set(true);
            for (Thread sender : senders) {
                sender.join(WAIT.toMillis());
            }
            System.out.println("SyncMasterKillTest cycle " + cycle + ": " + ackedBeforeKill.size()
                + " acknowledged at the kill, " + acked.size() + " in all");
            MessageStore replica = slave.context().store();
            for (Map.Entry<Long, byte[]> message : acked.entrySet()) {
                assertThat(bodyAt(replica, message.getKey())).as("the message at " + message.getKey())
                    .isEqualTo(message.getValue());
            }
        } finally {
            stop.set(true);
            producer.shutdown();
        }
    }

    /** Sends until stopped or the master is gone; records each SEND_OK by its commit-log offset. */
    private static void send(DefaultMQProducer producer, int thread, Map<Long, byte[]> acked, AtomicBoolean stop) {
        for (int i = 0; !stop.get(); i++) {
            byte[] body = ("thread " + thread + " message " + i).getBytes(StandardCharsets.UTF_8);
            try {
                SendResult result = producer.send(new Message(TOPIC, body));
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    acked.put(MessageDecoder.decodeMessageId(result.getOffsetMsgId()).getOffset(), body);
                }
            } catch (Exception masterGone) {
                return;
            }
        }
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

    private static Properties slaveSettings(String nameServer, int haPort) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("brokerName", GROUP);
        settings.setProperty("brokerId", "1");
        settings.setProperty("brokerRole", "SLAVE");
        settings.setProperty("haMasterAddress", "127.0.0.1:" + haPort);
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(SEGMENT));
        settings.setProperty("haSendHeartbeatInterval", "500");
        return settings;
    }
}
