package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stale clients: a consumer silent for longer than channelExpiredTimeout is dropped from its group and the group's
 * other members are told (NOTIFY_CONSUMER_IDS_CHANGED); a consumer whose connection closes is dropped at once.
 */
class ClientExpiryTest {
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final String GROUP = "ExpiryGroup";

    @TempDir
    Path dir;

    @Test
    void aSilentConsumerIsDroppedAndTheOthersAreNotified() throws Exception {
        Properties shortExpiry = new Properties();
        shortExpiry.setProperty("channelExpiredTimeout", "600");
        AtomicInteger notified = new AtomicInteger();
        try (TestBroker broker = TestBroker.start(dir, shortExpiry);
             RemotingClient silent = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
             RemotingClient alive = new RemotingClient(TransportConfig.defaults(), notifications(notified))) {
            heartbeat(silent, broker, "silent@1");
            heartbeat(alive, broker, "alive@1");
            assertThat(consumers(alive, broker)).contains("silent@1").contains("alive@1");
            Await.until("the live consumer to hear of its own joining", DEADLINE, () -> notified.get() == 1);
            // the broker's expiry needs 600 ms of its clock to pass; the live consumer heartbeats on each poll meanwhile
            Await.until("the silent consumer to be dropped while the live one heartbeats", DEADLINE, () -> {
                heartbeat(alive, broker, "alive@1");
                return !consumers(alive, broker).contains("silent@1");
            });
            assertThat(consumers(alive, broker)).contains("alive@1");
            Await.until("the remaining member to be notified", DEADLINE, () -> notified.get() == 2);
            Await.until("the silent connection to be closed", DEADLINE, () -> silent.peers().isEmpty());
        }
    }

    @Test
    void aClosedConnectionLeavesItsGroupAtOnce() throws Exception {
        AtomicInteger notified = new AtomicInteger();
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient alive = new RemotingClient(TransportConfig.defaults(), notifications(notified))) {
            heartbeat(alive, broker, "alive@2");
            try (RemotingClient leaving = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
                heartbeat(leaving, broker, "leaving@2");
                assertThat(consumers(alive, broker)).contains("leaving@2");
                Await.until("the live consumer to hear of both joinings", DEADLINE, () -> notified.get() == 2);
            }
            Await.until("the closed consumer to leave (the expiry is 120 s)", DEADLINE,
                () -> !consumersUnchecked(alive, broker).contains("leaving@2"));
            Await.until("the remaining member to be notified", DEADLINE, () -> notified.get() == 3);
        }
    }

    private static RequestDispatcher notifications(AtomicInteger count) {
        return (peer, request) -> {
            request.body().release();
            if (request.header().code() == RequestCode.NOTIFY_CONSUMER_IDS_CHANGED
                && GROUP.equals(request.header().ext().get("consumerGroup"))) {
                count.incrementAndGet();
            }
        };
    }

    private static void heartbeat(RemotingClient client, TestBroker broker, String clientId) throws Exception {
        String json = "{\"clientID\":\"" + clientId + "\",\"consumerDataSet\":[{\"groupName\":\"" + GROUP + "\","
            + "\"consumeType\":\"CONSUME_PASSIVELY\",\"messageModel\":\"CLUSTERING\","
            + "\"consumeFromWhere\":\"CONSUME_FROM_LAST_OFFSET\",\"subscriptionDataSet\":[{\"topic\":\"ExpiryTopic\","
            + "\"subString\":\"*\",\"codeSet\":[],\"tagsSet\":[],\"subVersion\":0,\"expressionType\":\"TAG\"}],"
            + "\"unitMode\":false}],\"producerDataSet\":[]}";
        try (RemotingResponse response = client.invokeSync(broker.address(),
            new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0), Unpooled.wrappedBuffer(json.getBytes(StandardCharsets.UTF_8)),
            TIMEOUT_MILLIS)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }

    private static String consumers(RemotingClient client, TestBroker broker) throws Exception {
        RemotingHeader request = new RemotingHeader().asRequest(RequestCode.GET_CONSUMER_LIST_BY_GROUP, 0);
        request.ext().add("consumerGroup", GROUP);
        try (RemotingResponse response = client.invokeSync(broker.address(), request, null, TIMEOUT_MILLIS)) {
            return response.code() == ResponseCode.SUCCESS ? response.body().toString(StandardCharsets.UTF_8) : "";
        }
    }

    private static String consumersUnchecked(RemotingClient client, TestBroker broker) {
        try {
            return consumers(client, broker);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
