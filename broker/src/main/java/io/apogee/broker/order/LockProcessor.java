package io.apogee.broker.order;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * LOCK_BATCH_MQ (41) and UNLOCK_BATCH_MQ (42) over {@link RebalanceLocks}. Both bodies are
 * {@code {"consumerGroup","clientId","onlyThisBroker","mqSet":[{"topic","brokerName","queueId"}]}}; a lock is
 * answered {@code {"lockOKMQSet":[...]}} with the queues the client now holds, an unlock with SUCCESS and no body
 * (and not at all when sent oneway). {@code onlyThisBroker} asks a master to lock its replicas too; a broker without
 * replicas has nothing more to do. A body that is not such JSON is answered SYSTEM_ERROR.
 *
 * <p>Runs on its family's thread.
 */
public final class LockProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ};

    private final RebalanceLocks locks;
    private final ObjectMapper mapper = new ObjectMapper();

    /** Lock requests over {@code locks}. */
    public LockProcessor(RebalanceLocks locks) {
        this.locks = locks;
    }

    @Override
    public void process(Exchange exchange) {
        JsonNode root;
        try {
            root = mapper.readTree(new ByteBufInputStream(exchange.body().duplicate()));
        } catch (IOException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad lock body: " + e.getMessage());
            return;
        }
        String group = root == null ? "" : root.path("consumerGroup").asText("");
        String clientId = root == null ? "" : root.path("clientId").asText("");
        if (group.isEmpty() || clientId.isEmpty()) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "a lock body needs consumerGroup and clientId");
            return;
        }
        String groupProblem = Names.groupProblem(group);
        if (groupProblem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, groupProblem);
            return;
        }
        Set<QueueLock> queues = new LinkedHashSet<>();
        for (JsonNode queue : root.path("mqSet")) {
            queues.add(new QueueLock(queue.path("topic").asText(), queue.path("brokerName").asText(),
                queue.path("queueId").asInt()));
        }
        if (exchange.request().code() == RequestCode.UNLOCK_BATCH_MQ) {
            locks.unlock(group, clientId, queues);
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        ObjectNode answer = mapper.createObjectNode();
        ArrayNode locked = answer.putArray("lockOKMQSet");
        for (QueueLock queue : locks.lock(group, clientId, queues)) {
            locked.addObject().put("topic", queue.topic()).put("brokerName", queue.brokerName()).put("queueId", queue.queueId());
        }
        try {
            exchange.replyJson(mapper.writeValueAsBytes(answer));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
