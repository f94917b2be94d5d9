package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.testsupport.Await;
import java.io.DataOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apogee SYNC_MASTER and its Apogee slave in one process, with the official 5.4.0 producer: a send is answered
 * SEND_OK only once the slave holds it; with the slave gone it is answered SLAVE_NOT_AVAILABLE, and with a slave that
 * stops reporting FLUSH_SLAVE_TIMEOUT. The master stores the message in every case.
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topic on the master, as MasterSlave540Test does
@SuppressWarnings("deprecation")
class SyncMaster540Test {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String TOPIC = ReplicationLoad.TOPICS[0];
    private static final int SLAVE_TIMEOUT_MILLIS = 1_000;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void aSendIsAcknowledgedOnlyOnceTheSlaveHoldsItAndAnsweredAsRocketMqWhenNoSlaveConfirms() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), settings(nameServerAddress, "0", "SYNC_MASTER"));
            TestBroker slave = null;
            DefaultMQProducer producer = new DefaultMQProducer("sync-master-producer");
            try {
                slave = TestBroker.start(dir.resolve("slave"), settings(nameServerAddress, "1", "SLAVE"));
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                ReplicationLoad.createTopics(producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl(),
                    master.address());
                ReplicaAcks acks = master.context().replicaAcks();
                Await.until("the slave connected to the master", WAIT, () -> acks.connectedSlaves() == 1);
                MessageQueue queue = new MessageQueue(TOPIC, GROUP, 0);
                MessageStore masterStore = master.context().store();
                MessageStore slaveStore = slave.context().store();

                for (int i = 0; i < 200; i++) {
                    SendResult result = producer.send(message("replicated " + i), queue);
                    long end = slaveStore.logEnd(); // read at once: the ack must not come before the slave has it
                    assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                    long offset = MessageDecoder.decodeMessageId(result.getOffsetMsgId()).getOffset();
                    assertThat(end).as("the slave's log end when message " + i + " was acknowledged")
                        .isGreaterThanOrEqualTo(offset + storedSize(masterStore, offset));
                }

                slave.close();
                slave = null;
                Await.until("the master saw the slave go", WAIT, () -> acks.connectedSlaves() == 0);
                long before = masterStore.maxOffset(TOPIC, 0);
                SendResult alone = producer.send(message("no slave"), queue);
                assertThat(alone.getSendStatus()).isEqualTo(SendStatus.SLAVE_NOT_AVAILABLE);
                assertThat(masterStore.maxOffset(TOPIC, 0)).as("stored all the same").isEqualTo(before + 1);

                try (Socket silent = reportOnceThenFallSilent(master.context().haAddress(), masterStore.logEnd())) {
                    Await.until("the silent slave connected", WAIT, () -> acks.connectedSlaves() == 1);
                    long sent = System.nanoTime();
                    SendResult unconfirmed = producer.send(message("never confirmed"), queue);
                    long waitedMillis = (System.nanoTime() - sent) / 1_000_000;
                    assertThat(unconfirmed.getSendStatus()).isEqualTo(SendStatus.FLUSH_SLAVE_TIMEOUT);
                    assertThat(waitedMillis).isGreaterThanOrEqualTo(SLAVE_TIMEOUT_MILLIS);
                    assertThat(masterStore.maxOffset(TOPIC, 0)).as("stored all the same").isEqualTo(before + 2);
                    assertThat(silent.isConnected()).isTrue();
                }
            } finally {
                producer.shutdown();
                if (slave != null) {
                    slave.close();
                }
                master.close();
            }
        }
    }

    private static Message message(String body) {
        return new Message(TOPIC, "sync", body.getBytes(StandardCharsets.UTF_8));
    }

    /** The total size of the record at {@code offset}, its first field. */
    private static int storedSize(MessageStore store, long offset) {
        try (LogSlice record = store.sliceLog(offset, Integer.BYTES)) {
            return record.bytes().getInt(0);
        }
    }

    /** A slave that connects to {@code haAddress}, reports {@code offset} once and never reads or reports again. */
    private static Socket reportOnceThenFallSilent(String haAddress, long offset) throws Exception {
        int colon = haAddress.lastIndexOf(':');
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(haAddress.substring(colon + 1))), 5_000);
        new DataOutputStream(socket.getOutputStream()).writeLong(offset);
        return socket;
    }

    private static Properties settings(String nameServer, String brokerId, String role) {
        Properties settings = ReplicationLoad.memberSettings(nameServer, GROUP, brokerId, role, 1 << 20);
        settings.setProperty("slaveTimeout", Integer.toString(SLAVE_TIMEOUT_MILLIS));
        return settings;
    }
}
