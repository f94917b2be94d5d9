package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import io.apogee.testsupport.process.ChildJvm;
import io.apogee.testsupport.process.RocketMqProcesses;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code namesrvAddr}: the broker registers with Apache RocketMQ 5.4.0's own name server (a child JVM), and the official
 * clients, which know only that name server, send and consume through it. The broker starts first, so only the
 * periodic registration can reach the name server; a topic created by a first send is registered at once; on close the
 * broker unregisters and its topics leave the name server's routes.
 */
@Tag("slow")
class NameServerRegistrationTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration PERIOD = Duration.ofSeconds(8);
    private static final Duration AT_ONCE = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void clientsOfARocketMqNameServerSendAndConsumeThroughARegisteredBroker() throws Exception {
        int nameServerPort = Ports.free();
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", "127.0.0.1:" + nameServerPort);
        // long enough that "at once" below cannot be the next periodic registration, which comes 8 s after the first
        settings.setProperty("registerNameServerPeriod", String.valueOf(PERIOD.toMillis()));
        TestBroker broker = TestBroker.start(dir.resolve("broker"), settings);
        Process nameServer = null;
        try (RemotingClient admin = new RemotingClient(TransportConfig.builder().threadNamePrefix("ns-test-io").build(),
            RequestDispatcher.IGNORE)) {
            nameServer = RocketMqProcesses.nameServer(dir.resolve("namesrv"), nameServerPort);
            String address = "127.0.0.1:" + nameServerPort;
            Await.until("the periodic registration to reach the name server started after the broker", DEADLINE,
                () -> routeOf(admin, address, "TBW102").contains(broker.address()));

            String topic = "ViaNameServer";
            DefaultMQProducer producer = OfficialClients.producer(address, "PG-namesrv");
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(address, "CG-namesrv", topic, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
            Set<String> sent = new HashSet<>();
            try {
                for (int i = 0; i < 10; i++) {
                    sent.add(producer.send(new Message(topic, "TagA", ("via " + i).getBytes(StandardCharsets.UTF_8))).getMsgId());
                }
                // the registration a new topic triggers is asynchronous, as in RocketMQ, but far sooner than the period
                Await.until("the new topic registered at once", AT_ONCE,
                    () -> routeOf(admin, address, topic).contains(broker.address()));
                consumer.start();
                Await.until("every message through the name server's route", DEADLINE,
                    () -> received.total() >= sent.size());
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);

            broker.close();
            assertThat(routeOf(admin, address, topic)).as("the route after the broker unregistered").isEmpty();
        } finally {
            broker.close();
            if (nameServer != null) {
                ChildJvm.stop(nameServer);
            }
        }
    }

    /** The name server's route of {@code topic} as JSON, or "" when it has none. */
    private static String routeOf(RemotingClient client, String nameServer, String topic) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0).version(ProtocolVersion.V5_4_0);
        header.ext().add("topic", topic);
        try (RemotingResponse response = client.invokeSync(nameServer, header, null, 3_000)) {
            return response.code() == ResponseCode.SUCCESS ? response.body().toString(StandardCharsets.UTF_8) : "";
        } catch (TransportException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
