package io.apogee.broker.offset;

import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.record.StoredRecord;

/**
 * QUERY_CONSUMER_OFFSET (14), UPDATE_CONSUMER_OFFSET (15), SEARCH_OFFSET_BY_TIMESTAMP (29), GET_MAX_OFFSET (30),
 * GET_MIN_OFFSET (31) and GET_EARLIEST_MSG_STORETIME (32), answered from the store and the committed offsets. A group
 * with nothing committed reads 0 while the queue still starts at 0 (RocketMQ's answer when the first message is in
 * memory), QUERY_NOT_FOUND otherwise or when {@code setZeroIfNotFound=false}.
 *
 * <p>Runs on the offset executor thread. Reads the ext fields by key (a string per field): these requests come every
 * few seconds per queue, not per message.
 */
public final class OffsetProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.QUERY_CONSUMER_OFFSET, RequestCode.UPDATE_CONSUMER_OFFSET,
        RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, RequestCode.GET_MAX_OFFSET, RequestCode.GET_MIN_OFFSET,
        RequestCode.GET_EARLIEST_MSG_STORETIME};

    private final MessageStore store;
    private final ConsumerOffsets offsets;
    private final SubscriptionGroupTable groups;
    private final TopicTable topics;

    /**
     * A processor over {@code store} and {@code offsets}; a commit must name a group of {@code groups} and a topic
     * of {@code topics}, so that no client can make the broker keep offsets of names nobody uses.
     */
    public OffsetProcessor(MessageStore store, ConsumerOffsets offsets, SubscriptionGroupTable groups, TopicTable topics) {
        this.store = store;
        this.offsets = offsets;
        this.groups = groups;
        this.topics = topics;
    }

    @Override
    public void process(Exchange exchange) {
        ExtFields ext = exchange.request().ext();
        String topic = ext.get("topic");
        String queue = ext.get("queueId");
        if (topic == null || queue == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "topic and queueId are required");
            return;
        }
        int queueId;
        try {
            queueId = Integer.parseInt(queue);
        } catch (NumberFormatException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "queueId is not a number: " + queue);
            return;
        }
        switch (exchange.request().code()) {
            case RequestCode.QUERY_CONSUMER_OFFSET -> query(exchange, topic, queueId);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> update(exchange, topic, queueId);
            case RequestCode.SEARCH_OFFSET_BY_TIMESTAMP -> search(exchange, topic, queueId);
            case RequestCode.GET_MAX_OFFSET -> answer(exchange, "offset", store.maxOffset(topic, queueId));
            case RequestCode.GET_MIN_OFFSET -> answer(exchange, "offset", store.minOffset(topic, queueId));
            case RequestCode.GET_EARLIEST_MSG_STORETIME -> earliest(exchange, topic, queueId);
            default -> throw new IllegalArgumentException("not an offset code: " + exchange.request().code());
        }
    }

    private void query(Exchange exchange, String topic, int queueId) {
        String group = exchange.request().ext().get("consumerGroup");
        if (refusedNames(exchange, group, topic)) {
            return;
        }
        long committed = group == null ? ConsumerOffsets.NONE : offsets.committed(group, topic, queueId);
        if (committed >= 0) {
            answer(exchange, "offset", committed);
        } else if (!"false".equals(exchange.request().ext().get("setZeroIfNotFound")) && store.minOffset(topic, queueId) <= 0) {
            answer(exchange, "offset", 0);
        } else {
            exchange.reply(ResponseCode.QUERY_NOT_FOUND, "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first");
        }
    }

    private void update(Exchange exchange, String topic, int queueId) {
        String group = exchange.request().ext().get("consumerGroup");
        String offset = exchange.request().ext().get("commitOffset");
        if (group == null || offset == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "consumerGroup and commitOffset are required");
            return;
        }
        if (refusedNames(exchange, group, topic)) {
            return;
        }
        // RocketMQ's checks and remarks, in its order
        if (groups.get(group) == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group " + group + " not exist!");
            return;
        }
        if (topics.get(topic) == null) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST, "Topic " + topic + " not exist!");
            return;
        }
        long value;
        try {
            value = Long.parseLong(offset);
        } catch (NumberFormatException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "commitOffset is not a number: " + offset);
            return;
        }
        // a commit made before an operator's reset reached the consumer is ignored, as RocketMQ ignores it
        exchange.reply(ResponseCode.SUCCESS, offsets.commitUnlessReset(group, topic, queueId, value) ? null
            : "Offset has been previously reset");
    }

    /**
     * Answers INVALID_PARAMETER when the group or topic breaks the name rule, or the group is the schedule service's
     * own (its offsets are its progress: a client must not move them); whether it did.
     */
    private static boolean refusedNames(Exchange exchange, String group, String topic) {
        String problem = group == null ? null : Names.groupProblem(group);
        if (problem == null) {
            problem = Names.topicProblem(topic);
        }
        if (problem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
        }
        return problem != null;
    }

    private void search(Exchange exchange, String topic, int queueId) {
        String timestamp = exchange.request().ext().get("timestamp");
        String boundary = exchange.request().ext().get("boundaryType");
        long at;
        try {
            at = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "timestamp is not a number: " + timestamp);
            return;
        }
        boolean upper = boundary != null && boundary.equalsIgnoreCase("UPPER");
        answer(exchange, "offset", store.offsetForTimestamp(topic, queueId, at, upper));
    }

    private void earliest(Exchange exchange, String topic, int queueId) {
        ReadResult result = new ReadResult(1);
        long timestamp = -1;
        try {
            store.read(topic, queueId, store.minOffset(topic, queueId), 1, Integer.MAX_VALUE, TagFilter.ANY, result);
            if (result.count() > 0) {
                timestamp = new StoredRecord().wrap(result.buffer(0), result.position(0)).storeTimestamp();
            }
        } finally {
            result.release();
        }
        answer(exchange, "timestamp", timestamp);
    }

    private static void answer(Exchange exchange, String key, long value) {
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
        response.ext().add(key, value);
        exchange.replyWith(null);
    }
}
