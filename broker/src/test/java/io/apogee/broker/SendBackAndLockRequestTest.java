package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CONSUMER_SEND_MSG_BACK and the lock codes on a real connection: the answers RocketMQ gives to bad requests (an
 * unknown group, an offset where no message is, a body that is not JSON), and lock bodies the official classes read.
 */
class SendBackAndLockRequestTest {
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    Path dir;

    @Test
    void badSendBacksAreRefusedWithRocketMqsCodes() throws Exception {
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse unknown = client.invokeSync(broker.address(), sendBack("CG-never-seen", 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(unknown.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
                assertThat(unknown.remark()).startsWith("subscription group not exist, CG-never-seen");
            }
            heartbeat(broker, "CG-known");
            try (RemotingResponse nowhere = client.invokeSync(broker.address(), sendBack("CG-known", 123_456_789L), null,
                TIMEOUT_MILLIS)) {
                assertThat(nowhere.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                assertThat(nowhere.remark()).isEqualTo("look message by offset failed, 123456789");
            }
            try (RemotingResponse again = client.invokeSync(broker.address(), sendBack("CG-known", 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(again.code()).as("the connection still serves").isEqualTo(ResponseCode.SYSTEM_ERROR);
            }
        }
    }

    @Test
    void locksAreAnsweredWithTheQueuesHeldAndBadBodiesRefused() throws Exception {
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            assertThat(lock(client, broker, RequestCode.LOCK_BATCH_MQ, "c1", 0, 1)).containsExactlyInAnyOrder(0, 1);
            assertThat(lock(client, broker, RequestCode.LOCK_BATCH_MQ, "c2", 1, 2)).containsExactly(2);
            try (RemotingResponse unlock = client.invokeSync(broker.address(), request(RequestCode.UNLOCK_BATCH_MQ),
                lockBody("c1", 1), TIMEOUT_MILLIS)) {
                assertThat(unlock.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(unlock.body() == null ? 0 : unlock.body().readableBytes()).isZero();
            }
            assertThat(lock(client, broker, RequestCode.LOCK_BATCH_MQ, "c2", 1)).containsExactly(1);
            try (RemotingResponse bad = client.invokeSync(broker.address(), request(RequestCode.LOCK_BATCH_MQ),
                Unpooled.copiedBuffer("not json", StandardCharsets.UTF_8), TIMEOUT_MILLIS)) {
                assertThat(bad.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                assertThat(bad.remark()).startsWith("bad lock body");
            }
            try (RemotingResponse anonymous = client.invokeSync(broker.address(), request(RequestCode.LOCK_BATCH_MQ),
                Unpooled.copiedBuffer("{\"mqSet\":[]}", StandardCharsets.UTF_8), TIMEOUT_MILLIS)) {
                assertThat(anonymous.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                assertThat(anonymous.remark()).contains("consumerGroup and clientId");
            }
        }
    }

    private static java.util.List<Integer> lock(RemotingClient client, TestBroker broker, int code, String clientId,
        int... queueIds) throws Exception {
        try (RemotingResponse response = client.invokeSync(broker.address(), request(code), lockBody(clientId, queueIds),
            TIMEOUT_MILLIS)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            byte[] bytes = new byte[response.body().readableBytes()];
            response.body().getBytes(response.body().readerIndex(), bytes);
            return LockBatchResponseBody.decode(bytes, LockBatchResponseBody.class).getLockOKMQSet().stream()
                .map(MessageQueue::getQueueId).toList();
        }
    }

    /** A consumer heartbeat of {@code group} without subscriptions: the broker then knows the group. */
    static void heartbeat(TestBroker broker, String group) throws Exception {
        String heartbeat = "{\"clientID\":\"c-" + group + "\",\"consumerDataSet\":[{\"groupName\":\"" + group
            + "\",\"subscriptionDataSet\":[]}],\"producerDataSet\":[]}";
        try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
             RemotingResponse joined = client.invokeSync(broker.address(), request(RequestCode.HEART_BEAT),
                 Unpooled.copiedBuffer(heartbeat, StandardCharsets.UTF_8), TIMEOUT_MILLIS)) {
            assertThat(joined.code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }

    private static RemotingHeader sendBack(String group, long offset) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.CONSUMER_SEND_MSG_BACK, 0);
        new ConsumerSendMsgBackRequestHeader().offset(offset).group(group).delayLevel(0).encode(header.ext());
        return header;
    }

    private static RemotingHeader request(int code) {
        return new RemotingHeader().asRequest(code, 0);
    }

    private static ByteBuf lockBody(String clientId, int... queueIds) {
        StringBuilder queues = new StringBuilder();
        for (int queueId : queueIds) {
            queues.append(queues.isEmpty() ? "" : ",")
                .append("{\"brokerName\":\"broker-a\",\"queueId\":").append(queueId).append(",\"topic\":\"T\"}");
        }
        String json = "{\"clientId\":\"" + clientId + "\",\"consumerGroup\":\"CG\",\"mqSet\":[" + queues
            + "],\"onlyThisBroker\":false}";
        return Unpooled.copiedBuffer(json, StandardCharsets.UTF_8);
    }
}
