package io.apogee.broker.order;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Orderly consumers' queue locks (docs/protocol.md §3.3 41, 42), with lock expiry on a manual clock. */
class LockProcessorTest {
    private static final long MAX_LIVE = 60_000;
    private final ObjectMapper mapper = new ObjectMapper();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final RebalanceLocks locks = new RebalanceLocks(clock, MAX_LIVE);
    private final ProcessorHarness harness = new ProcessorHarness(new LockProcessor(locks), LockProcessor.CODES);

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aLockAnswersTheQueuesTheClientNowHolds() throws IOException {
        assertThat(lock("client-1", 0, 1)).containsExactly(0, 1);
        assertThat(lock("client-2", 1, 2)).as("queue 1 is client-1's").containsExactly(2);
        assertThat(lock("client-1", 0, 1)).as("a holder locks again").containsExactly(0, 1);
    }

    @Test
    void aLockExpiresAfterItsLiveTimeWithoutRenewal() throws IOException {
        assertThat(lock("client-1", 0)).containsExactly(0);
        clock.advanceMillis(MAX_LIVE);
        assertThat(lock("client-2", 0)).as("still live at the limit").isEmpty();
        clock.advanceMillis(1);
        assertThat(lock("client-2", 0)).as("expired").containsExactly(0);
    }

    @Test
    void anUnlockFreesTheQueuesAndAOnewayUnlockIsNotAnswered() throws IOException {
        lock("client-1", 0, 1);
        Frame unlock = harness.send(RequestCode.UNLOCK_BATCH_MQ, null, body("client-1", 0));
        assertThat(unlock.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(unlock.body()).isEmpty();
        assertThat(lock("client-2", 0, 1)).containsExactly(0);
        assertThat(harness.sendOneway(RequestCode.UNLOCK_BATCH_MQ, null, body("client-1", 1))).isTrue();
        assertThat(lock("client-2", 1)).containsExactly(1);
    }

    @Test
    void aBodyThatIsNotALockRequestIsSystemError() {
        Frame garbage = harness.send(RequestCode.LOCK_BATCH_MQ, null, ProcessorHarness.utf8("{not json"));
        assertThat(garbage.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(garbage.remark()).startsWith("bad lock body: ");
        Frame noClient = harness.send(RequestCode.LOCK_BATCH_MQ, null,
            ProcessorHarness.utf8("{\"consumerGroup\":\"CG\",\"mqSet\":[]}"));
        assertThat(noClient.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(noClient.remark()).isEqualTo("a lock body needs consumerGroup and clientId");
        for (int code : new int[] {RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ}) {
            Frame badGroup = harness.send(code, null,
                ProcessorHarness.utf8("{\"consumerGroup\":\"x/y\",\"clientId\":\"client-1\",\"mqSet\":[]}"));
            assertThat(badGroup.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(badGroup.remark()).startsWith("The specified group: x/y, contains illegal characters");
        }
        Frame empty = harness.send(RequestCode.LOCK_BATCH_MQ, null, null);
        assertThat(empty.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(empty.remark()).isEqualTo("a lock body needs consumerGroup and clientId");
    }

    private List<Integer> lock(String clientId, int... queueIds) throws IOException {
        Frame answer = harness.send(RequestCode.LOCK_BATCH_MQ, null, body(clientId, queueIds));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        List<Integer> locked = new ArrayList<>();
        for (JsonNode queue : mapper.readTree(answer.body()).path("lockOKMQSet")) {
            assertThat(queue.path("topic").asText()).isEqualTo("OrderTopic");
            assertThat(queue.path("brokerName").asText()).isEqualTo("broker-a");
            locked.add(queue.path("queueId").asInt());
        }
        return locked;
    }

    private static byte[] body(String clientId, int... queueIds) {
        StringBuilder json = new StringBuilder("{\"consumerGroup\":\"CG\",\"clientId\":\"").append(clientId)
            .append("\",\"onlyThisBroker\":false,\"mqSet\":[");
        for (int i = 0; i < queueIds.length; i++) {
            json.append(i == 0 ? "" : ",").append("{\"topic\":\"OrderTopic\",\"brokerName\":\"broker-a\",\"queueId\":")
                .append(queueIds[i]).append('}');
        }
        return ProcessorHarness.utf8(json.append("]}").toString());
    }
}
