package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import io.apogee.testsupport.process.ChildJvm;
import io.apogee.testsupport.process.RocketMqProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mixed set-up the other way round: Apache RocketMQ 5.4.0's broker (a child JVM) registers with Apogee's
 * stand-alone name server ({@code apogee namesrv}, a child JVM of its own), and the official clients, which know only
 * that name server, send and consume through it. The broker registers with {@code compressedRegister=true}, so the
 * deflated body form is read too (Apogee's brokers send the JSON form). When the broker dies (SIGKILL, no
 * unregistration) its connection closes and its routes go at once, long before the 120 s a silent broker is given.
 */
@Tag("slow")
class RocketMqBrokerRegistrationTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration AT_ONCE = Duration.ofSeconds(20);
    private static final String TOPIC = "ViaApogeeNameServer";

    @TempDir
    Path dir;

    @Test
    void aRocketMqBrokerRegistersWithAnApogeeNameServerAndClientsUseIt() throws Exception {
        int nameServerPort = Ports.free();
        Path nameServerConf = Files.writeString(dir.resolve("namesrv.conf"),
            "listenPort=" + nameServerPort + "\nkvConfigPath=" + dir.resolve("kvConfig.json") + "\n");
        Path nameServerLog = dir.resolve("apogee-namesrv.out");
        Process nameServer = ChildJvm.start("io.apogee.broker.server.NameServerMain", List.of("-c", nameServerConf.toString()),
            List.of(), Map.of(), nameServerLog);
        Process broker = null;
        DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
        try {
            ChildJvm.awaitListening(nameServer, nameServerPort, nameServerLog);
            String address = "127.0.0.1:" + nameServerPort;
            int brokerPort = Ports.free();
            broker = startRocketMqBroker(address, brokerPort);
            admin.setNamesrvAddr(address);
            admin.setInstanceName("mixed-admin-" + System.nanoTime());
            admin.start();
            Await.until("the RocketMQ broker registered with the Apogee name server", DEADLINE,
                () -> brokerAddresses(admin).contains("127.0.0.1:" + brokerPort));
            ClusterInfo cluster = admin.examineBrokerClusterInfo();
            assertThat(cluster.getClusterAddrTable().get("RocketMqCluster")).containsExactly("rocketmq-a");

            DefaultMQProducer producer = OfficialClients.producer(address, "PG-mixed");
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(address, "CG-mixed", TOPIC, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
            Set<String> sent = new HashSet<>();
            try {
                for (int i = 0; i < 10; i++) {
                    SendResult result = producer.send(new Message(TOPIC, "TagA", ("mixed " + i).getBytes(StandardCharsets.UTF_8)));
                    assertThat(result.getMessageQueue().getBrokerName()).isEqualTo("rocketmq-a");
                    sent.add(result.getMsgId());
                }
                Await.until("the auto-created topic registered", DEADLINE, () -> routed(admin));
                consumer.start();
                Await.until("every message through the Apogee name server", DEADLINE,
                    () -> received.total() >= sent.size());
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);

            broker.destroyForcibly().waitFor();
            Await.until("the dead broker's routes to go when its connection closed", AT_ONCE, () -> !routed(admin));
            assertThat(admin.examineBrokerClusterInfo().getBrokerAddrTable()).isEmpty();
        } finally {
            admin.shutdown();
            if (broker != null) {
                ChildJvm.stop(broker);
            }
            ChildJvm.stop(nameServer);
        }
    }

    private Process startRocketMqBroker(String nameServer, int port) throws Exception {
        return RocketMqProcesses.broker(dir.resolve("rocketmq"), port, nameServer, Map.of(
            "brokerClusterName", "RocketMqCluster",
            "brokerName", "rocketmq-a",
            "mappedFileSizeCommitLog", "16777216",
            // the deflated registration body, which 5.x sends with the header's compressed flag false
            "compressedRegister", "true"));
    }

    private static Set<String> brokerAddresses(DefaultMQAdminExt admin) {
        try {
            Set<String> addresses = new HashSet<>();
            admin.examineBrokerClusterInfo().getBrokerAddrTable().values()
                .forEach(data -> addresses.addAll(data.getBrokerAddrs().values()));
            return addresses;
        } catch (Exception notYet) {
            return Set.of();
        }
    }

    private static boolean routed(DefaultMQAdminExt admin) {
        try {
            return !admin.examineTopicRouteInfo(TOPIC).getQueueDatas().isEmpty();
        } catch (Exception none) {
            return false;
        }
    }
}
