package io.apogee.broker.admin;

import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.store.MessageStore;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a CONSUME_MESSAGE_DIRECTLY (309) call carries to the consumer, as RocketMQ's broker adds it: the broker's
 * name, the topic's and group's system flags, and as the body the stored message that {@code msgId} names, in the
 * log's own record format (which the client decodes as it decodes a pulled message).
 *
 * <p>Not thread-safe: its lookup and result belong to the admin executor thread.
 */
final class DirectMessages {
    private final MessageStore store;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final String brokerName;
    private final ReadResult result = new ReadResult(1);
    private MessageLookup lookup;

    /** Messages of {@code store}, flags from {@code topics} and {@code groups}, on the broker named {@code brokerName}. */
    DirectMessages(MessageStore store, TopicTable topics, SubscriptionGroupTable groups, String brokerName) {
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.brokerName = brokerName;
    }

    /** Adds the broker's fields to {@code call}; returns the message {@code msgId} names, or null when there is none. */
    ByteBuf prepare(RemotingHeader call) {
        ExtFields ext = call.ext();
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < ext.size(); i++) {
            fields.put(ext.keyString(i), ext.isNull(i) ? null : ext.valueString(i));
        }
        fields.put("brokerName", brokerName); // the last of a repeated key wins, as RocketMQ's map keeps it
        TopicConfig topic = topics.get(fields.get("topic"));
        if (topic != null) {
            fields.put("topicSysFlag", Integer.toString(topic.sysFlag()));
        }
        SubscriptionGroup group = groups.get(fields.get("consumerGroup"));
        if (group != null) {
            fields.put("groupSysFlag", Integer.toString(group.sysFlag()));
        }
        fields.values().removeIf(Objects::isNull);
        ext.clear();
        ext.putAll(fields);
        String msgId = fields.get("msgId");
        if (msgId == null) {
            return null;
        }
        if (lookup == null) {
            lookup = store.newLookup();
        }
        try {
            if (lookup.viewById(msgId, result) != ReadStatus.FOUND) {
                return null;
            }
            return Unpooled.copiedBuffer(result.slice(0));
        } finally {
            result.release();
        }
    }
}
