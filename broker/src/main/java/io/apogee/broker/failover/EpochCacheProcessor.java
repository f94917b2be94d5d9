package io.apogee.broker.failover;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import java.util.List;

/**
 * GET_BROKER_EPOCH_CACHE (1007), {@code mqadmin getBrokerEpoch}: RocketMQ's {@code EpochEntryCache}, the broker's
 * master epochs with the start and end offset of each, and its log's end. A slave of a new master asks it for them
 * to find where its log stops agreeing ({@link EpochFile#consistentPoint}). The newest epoch ends at the log's end.
 *
 * <p>Runs on the admin executor thread; reads the epoch file's copy and the store's volatile end.
 */
public final class EpochCacheProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_BROKER_EPOCH_CACHE};

    private final String cluster;
    private final String brokerName;
    private final long brokerId;
    private final EpochFile epochs;
    private final MessageStore store;
    private final ObjectMapper mapper = new ObjectMapper();

    /** The epochs of {@code epochs} over {@code store}, for the broker named by the rest. */
    public EpochCacheProcessor(String cluster, String brokerName, long brokerId, EpochFile epochs, MessageStore store) {
        this.cluster = cluster;
        this.brokerName = brokerName;
        this.brokerId = brokerId;
        this.epochs = epochs;
        this.store = store;
    }

    @Override
    public void process(Exchange exchange) {
        long end = store.logEnd();
        List<EpochEntry> entries = epochs.entries();
        ObjectNode answer = mapper.createObjectNode();
        answer.put("clusterName", cluster).put("brokerName", brokerName).put("brokerId", brokerId);
        ArrayNode list = answer.putArray("epochList");
        for (int i = 0; i < entries.size(); i++) {
            long entryEnd = i + 1 < entries.size() ? entries.get(i + 1).startOffset() : end;
            list.addObject().put("epoch", entries.get(i).epoch()).put("startOffset", entries.get(i).startOffset())
                .put("endOffset", entryEnd);
        }
        answer.put("maxOffset", end);
        exchange.replyJson(answer);
    }
}
