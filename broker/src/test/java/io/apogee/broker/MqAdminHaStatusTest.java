package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0's {@code haStatus} against an Apogee master and its slave (GET_BROKER_HA_STATUS): the master prints
 * its log's end and its one slave in sync with the offset it acknowledged; the slave prints its master's HA address
 * and its log's end.
 */
@Tag("slow")
class MqAdminHaStatusTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void haStatusPrintsTheMastersSlavesAndTheSlavesMaster() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            String nameServerAddress = "127.0.0.1:" + nameServer.port();
            try (TestBroker master = TestBroker.start(dir.resolve("master"), member(nameServerAddress, "0", "ASYNC_MASTER"));
                 TestBroker slave = TestBroker.start(dir.resolve("slave"), member(nameServerAddress, "1", "SLAVE"))) {
                DefaultMQProducer producer = OfficialClients.producer(nameServerAddress, "ha-status-producer");
                try {
                    assertThat(producer.send(new Message("HaStatusTopic", "x".getBytes(StandardCharsets.UTF_8)), 10_000)
                        .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                } finally {
                    producer.shutdown();
                }
                long end = master.context().store().logEnd();
                Await.until("the slave acknowledged the master's end", WAIT,
                    () -> master.context().replicaAcks().ackedOffset() == end);

                List<String> outputs = new MqAdmin(nameServerAddress, dir).run(List.of(
                    List.of("haStatus", "-b", master.address()), List.of("haStatus", "-b", slave.address())));
                assertThat(outputs.get(0)).contains("#MasterAddr\t" + master.address())
                    .contains("#MasterCommitLogMaxOffset\t" + end).contains("#SlaveNum\t1").contains("#InSyncSlaveNum\t1")
                    .containsPattern("/127\\.0\\.0\\.1:\\d+ +" + end + " +0 +[0-9.]+ +OK +0");
                assertThat(outputs.get(1)).contains("#MasterAddr\t" + master.context().haAddress())
                    .contains("#CommitLogMaxOffset\t" + end);
            }
        }
    }

    private static Properties member(String nameServer, String brokerId, String role) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", "broker-ha-status");
        settings.setProperty("brokerId", brokerId);
        settings.setProperty("brokerRole", role);
        settings.setProperty("haSendHeartbeatInterval", "500");
        return settings;
    }
}
