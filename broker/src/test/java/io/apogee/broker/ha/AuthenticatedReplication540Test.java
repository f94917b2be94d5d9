package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SYNC_MASTER and its slave with authentication on, in one process, with the official 5.4.0 producer signing its
 * sends: the slave signs its replication connection with its innerClientAuthenticationCredentials, so every send is
 * acknowledged SEND_OK only once it holds it; a second slave whose credentials the master does not know gets no byte
 * of the log.
 */
@Tag("slow")
// the producer's admin client (deprecated accessors) creates the topic on the master, as MasterSlave540Test does
@SuppressWarnings("deprecation")
class AuthenticatedReplication540Test {
    private static final String GROUP = ReplicationLoad.GROUP;
    private static final String TOPIC = ReplicationLoad.TOPICS[0];
    private static final String ROOT = "{\"accessKey\": \"root\", \"secretKey\": \"root-secret\"}";
    private static final String INTRUDER = "{\"accessKey\": \"intruder\", \"secretKey\": \"intruder-secret\"}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void aSlaveSigningAsASuperUserOfTheMasterReplicatesAndAnUnknownOneGetsNothing() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            TestBroker master = TestBroker.start(dir.resolve("master"), settings(nameServerAddress, "0", "SYNC_MASTER",
                ROOT));
            TestBroker slave = null;
            TestBroker intruder = null;
            DefaultMQProducer producer = new DefaultMQProducer("authenticated-replication-producer",
                new AclClientRPCHook(new SessionCredentials("root", "root-secret")));
            try {
                slave = TestBroker.start(dir.resolve("slave"), settings(nameServerAddress, "1", "SLAVE", ROOT));
                intruder = TestBroker.start(dir.resolve("intruder"), settings(nameServerAddress, "2", "SLAVE",
                    INTRUDER));
                producer.setNamesrvAddr(nameServerAddress);
                producer.start();
                ReplicationLoad.createTopics(producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl(),
                    master.address());
                ReplicaAcks acks = master.context().replicaAcks();
                Await.until("the slave authenticated", WAIT, () -> acks.connectedSlaves() == 1);

                MessageQueue queue = new MessageQueue(TOPIC, GROUP, 0);
                for (int i = 0; i < 50; i++) {
                    Message message = new Message(TOPIC, "auth", ("replicated " + i).getBytes(StandardCharsets.UTF_8));
                    assertThat(producer.send(message, queue).getSendStatus()).as("message " + i)
                        .isEqualTo(SendStatus.SEND_OK);
                }
                long end = master.context().store().logEnd();
                assertThat(slave.context().store().logEnd()).isEqualTo(end);
                assertThat(intruder.context().store().logEnd()).as("the intruder's log").isZero();
                assertThat(acks.connectedSlaves()).as("the intruder is not counted").isOne();
            } finally {
                producer.shutdown();
                if (intruder != null) {
                    intruder.close();
                }
                if (slave != null) {
                    slave.close();
                }
                master.close();
            }
        }
    }

    private static Properties settings(String nameServer, String brokerId, String role, String credentials) {
        Properties settings = ReplicationLoad.memberSettings(nameServer, GROUP, brokerId, role, 1 << 20);
        settings.setProperty("authenticationEnabled", "true");
        settings.setProperty("innerClientAuthenticationCredentials", credentials);
        return settings;
    }
}
