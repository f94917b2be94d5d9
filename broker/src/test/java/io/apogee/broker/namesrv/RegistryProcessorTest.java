package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Connection;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.GetRouteInfoRequestHeader;
import io.apogee.wire.header.RegisterBrokerRequestHeader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stand-alone name server's codes (docs/protocol.md §3.3 103, 104, 904, 322, 105, 106, 206): brokers register,
 * clients read routes; a closed connection and silence past the timeout, on a manual clock, drop a broker.
 */
class RegistryProcessorTest {
    private static final long TIMEOUT = 120_000;
    private static final String ADDRESS = "127.0.0.1:10911";

    private final ObjectMapper mapper = new ObjectMapper();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    /** The processor's own thread: tasks handed to it wait here until the test runs them. */
    private final ArrayDeque<Runnable> ownThread = new ArrayDeque<>();
    private final RegistryProcessor processor = new RegistryProcessor(ownThread::add, clock, TIMEOUT);
    private final ProcessorHarness harness = new ProcessorHarness(processor, RegistryProcessor.CODES);

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aRegisteredBrokersTopicsAreRouted() throws IOException {
        Frame registered = register(harness.connection(), "broker-a", ADDRESS, 0, body("Orders", 1));
        assertThat(registered.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(registered.ext()).doesNotContainKey("masterAddr");

        Frame route = harness.send(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic("Orders"));
        assertThat(route.code()).isEqualTo(ResponseCode.SUCCESS);
        JsonNode json = mapper.readTree(route.body());
        assertThat(json.path("queueDatas").get(0).path("writeQueueNums").asInt()).isEqualTo(4);
        assertThat(json.path("brokerDatas").get(0).path("brokerAddrs").path("0").asText()).isEqualTo(ADDRESS);
        JsonNode cluster = mapper.readTree(harness.send(RequestCode.GET_BROKER_CLUSTER_INFO, null).body());
        assertThat(cluster.path("clusterAddrTable").path("DefaultCluster").get(0).asText()).isEqualTo("broker-a");
        JsonNode topics = mapper.readTree(harness.send(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, null).body());
        assertThat(topics.path("topicList").toString()).contains("Orders");
    }

    @Test
    void aSlaveLearnsItsMastersAddressAndTheHaAddressTheMasterRegistered() {
        byte[] master = body("Orders", 1);
        harness.connection().send(RequestCode.REGISTER_BROKER, header("broker-a", ADDRESS, 0).haServerAddr("127.0.0.1:10912")
            .bodyCrc32(crc(master)), master);
        Frame slave = register(harness.connect(), "broker-a", "127.0.0.1:10921", 1, body("Orders", 1));
        assertThat(slave.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(slave.ext("masterAddr")).isEqualTo(ADDRESS);
        assertThat(slave.ext("haServerAddr")).isEqualTo("127.0.0.1:10912");
    }

    @Test
    void aBrokerSilentPastItsTimeoutLeavesTheRoutesAndItsConnectionCloses() {
        Connection broker = harness.connect();
        register(broker, "broker-a", ADDRESS, 0, body("Orders", 1));
        clock.advanceMillis(TIMEOUT);
        processor.expireSilent();
        assertThat(routeCode("Orders")).as("live at the timeout").isEqualTo(ResponseCode.SUCCESS);
        Frame heartbeat = harness.sendRaw(RequestCode.BROKER_HEARTBEAT, Map.of("brokerAddr", ADDRESS), null);
        assertThat(heartbeat.code()).isEqualTo(ResponseCode.SUCCESS);
        clock.advanceMillis(TIMEOUT);
        processor.expireSilent();
        assertThat(routeCode("Orders")).as("the heartbeat renewed it").isEqualTo(ResponseCode.SUCCESS);
        clock.advanceMillis(1);
        processor.expireSilent();
        assertThat(routeCode("Orders")).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(broker.channel().isActive()).as("its connection is closed").isFalse();
        runOwnThread();
    }

    @Test
    void aClosedConnectionOrAnUnregisterDropsTheBroker() {
        Connection broker = harness.connect();
        register(broker, "broker-a", ADDRESS, 0, body("Orders", 1));
        broker.close();
        assertThat(routeCode("Orders")).as("handed to the processor's thread, not yet run").isEqualTo(ResponseCode.SUCCESS);
        runOwnThread();
        assertThat(routeCode("Orders")).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);

        register(harness.connection(), "broker-b", "127.0.0.1:10912", 0, body("Books", 1));
        Frame unregister = harness.sendRaw(RequestCode.UNREGISTER_BROKER, Map.of("brokerAddr", "127.0.0.1:10912",
            "brokerName", "broker-b", "clusterName", "DefaultCluster", "brokerId", "0"), null);
        assertThat(unregister.code()).isEqualTo(ResponseCode.SUCCESS);
        Frame route = harness.send(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic("Books"));
        assertThat(route.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(route.remark()).isEqualTo("No topic route info in name server for the topic: Books"
            + "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.");
    }

    @Test
    void theDataVersionQuerySaysWhetherTheTopicsChanged() throws IOException {
        register(harness.connection(), "broker-a", ADDRESS, 0, body("Orders", 1));
        Frame same = harness.sendRaw(RequestCode.QUERY_DATA_VERSION, Map.of("brokerAddr", ADDRESS),
            new RouteJson().dataVersion(new DataVersion(1, 2, 0)));
        assertThat(same.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(same.ext("changed")).isEqualTo("false");
        assertThat(mapper.readTree(same.body()).path("counter").asLong()).isEqualTo(1);
        Frame changed = harness.sendRaw(RequestCode.QUERY_DATA_VERSION, Map.of("brokerAddr", ADDRESS),
            new RouteJson().dataVersion(new DataVersion(2, 3, 0)));
        assertThat(changed.ext("changed")).isEqualTo("true");
        Frame noAddress = harness.sendRaw(RequestCode.QUERY_DATA_VERSION, Map.of(),
            new RouteJson().dataVersion(new DataVersion(2, 3, 0)));
        assertThat(noAddress.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(noAddress.remark()).isEqualTo("QUERY_DATA_VERSION needs brokerAddr");
    }

    @Test
    void aBadRegistrationIsRefusedWithTheExactCode() {
        Frame missing = harness.sendRaw(RequestCode.REGISTER_BROKER, Map.of("brokerName", "broker-a"), null);
        assertThat(missing.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(missing.remark()).isEqualTo("REGISTER_BROKER needs brokerName, brokerAddr, clusterName and brokerId");

        byte[] body = body("Orders", 1);
        Frame badCrc = harness.send(RequestCode.REGISTER_BROKER, header("broker-a", ADDRESS, 0).bodyCrc32(12345), body);
        assertThat(badCrc.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(badCrc.remark()).isEqualTo("crc32 not match");

        Frame badBody = harness.send(RequestCode.REGISTER_BROKER, header("broker-a", ADDRESS, 0),
            ProcessorHarness.utf8("[1,2]"));
        assertThat(badBody.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(badBody.remark()).startsWith("bad RegisterBrokerBody: ");
        assertThat(routeCode("Orders")).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }

    @Test
    void aOnewayRegistrationIsNotAnswered() {
        byte[] body = body("Orders", 1);
        assertThat(harness.sendOneway(RequestCode.REGISTER_BROKER, header("broker-a", ADDRESS, 0).bodyCrc32(crc(body)),
            body)).isTrue();
        assertThat(routeCode("Orders")).isEqualTo(ResponseCode.SUCCESS);
    }

    private Frame register(Connection connection, String name, String address, long brokerId, byte[] body) {
        return connection.send(RequestCode.REGISTER_BROKER, header(name, address, brokerId).bodyCrc32(crc(body)), body);
    }

    private static RegisterBrokerRequestHeader header(String name, String address, long brokerId) {
        return new RegisterBrokerRequestHeader().brokerName(name).brokerAddr(address).clusterName("DefaultCluster")
            .brokerId(brokerId).haServerAddr(address);
    }

    private static byte[] body(String topic, long counter) {
        return new RouteJson().registerBody(List.of(new TopicConfig(topic, 4, 4, 6, "SINGLE_TAG", 0, false)), counter, 2);
    }

    private static int crc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    private int routeCode(String topic) {
        return harness.send(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic(topic)).code();
    }

    private void runOwnThread() {
        for (Runnable task = ownThread.poll(); task != null; task = ownThread.poll()) {
            task.run();
        }
    }
}
