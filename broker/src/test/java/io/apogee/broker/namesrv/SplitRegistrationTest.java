package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBufInputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker with 20,000 topics registers in parts (RocketMQ's enableSplitRegistration) with Apogee's stand-alone name
 * server, which routes every topic and drops a deleted one once the last part of the next registration is in.
 */
class SplitRegistrationTest {
    private static final int TOPICS = 20_000;
    private static final int SPLIT = 800;
    private static final String ADDRESS = "127.0.0.1:10911";

    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void twentyThousandTopicsAreRoutedAndADeletedOneLeavesTheRoutes() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("listenPort", "0");
        ManualClock clock = new ManualClock(1_800_000_000_000L);
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(properties, dir), clock)) {
            RemotingClient client = new RemotingClient(transport("test-register-io"), RequestDispatcher.IGNORE);
            try {
                String address = "127.0.0.1:" + nameServer.port();
                SchedulerAgent scheduler = new SchedulerAgent("registration", clock, (role, error) -> {
                    throw new AssertionError(error);
                });
                TopicRegistry topics = new TopicRegistry(new TopicTable(TempMetadata.files(dir)), true, 8, "DefaultCluster", "broker-a");
                topics.writeBehind(write -> { }); // the table is never read back from disk here
                for (int i = 0; i < TOPICS; i++) {
                    topics.createIfAbsent("Topic" + i, 4, Permission.READ_WRITE);
                }
                NameServerRegistration registration = new NameServerRegistration(List.of(address),
                    new BrokerIdentity("DefaultCluster", "broker-a", ADDRESS), topics, clock, scheduler, 30_000, client,
                    SPLIT);
                registration.start();
                scheduler.doWork();
                Await.until("every topic routed", Duration.ofSeconds(30),
                    () -> topicList(client, address).size() == topics.all().size());
                for (String topic : List.of("Topic0", "Topic12345", "Topic19999", TopicRegistry.AUTO_CREATE_TEMPLATE)) {
                    assertThat(route(client, address, topic)).as(topic).isEqualTo(ResponseCode.SUCCESS);
                }

                topics.delete("Topic777");
                registration.topicsChanged();
                scheduler.doWork();
                Await.until("the deleted topic leaves the routes", Duration.ofSeconds(30),
                    () -> !topicList(client, address).contains("Topic777"));
                assertThat(topicList(client, address)).hasSize(topics.all().size()).contains("Topic19999");
                assertThat(route(client, address, "Topic777")).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
            } finally {
                client.close();
            }
        }
    }

    private Set<String> topicList(RemotingClient client, String address) throws Exception {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, 0);
        try (RemotingResponse response = client.invokeSync(address, header, null, 10_000)) {
            JsonNode json = mapper.readTree(new ByteBufInputStream(response.body().duplicate()));
            Set<String> names = new HashSet<>();
            json.path("topicList").forEach(name -> names.add(name.asText()));
            return names;
        }
    }

    private static int route(RemotingClient client, String address, String topic) throws Exception {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0);
        header.ext().add("topic", topic);
        try (RemotingResponse response = client.invokeSync(address, header, null, 10_000)) {
            return response.code();
        }
    }

    private static TransportConfig transport(String threadPrefix) {
        return TransportConfig.builder().ioThreads(1).threadNamePrefix(threadPrefix).build();
    }
}
