package io.apogee.broker.admin;

import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.ResetOffsetRequestHeader;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222), mqadmin's {@code resetOffsetByTime}: moves a group's position in a topic, as
 * RocketMQ 5's server-side reset does. Each queue (or the one named) is set to the offset of the time given (its end
 * for a time below 0), or to the offset given for one queue, which must lie within the queue. The offsets are
 * committed at once, and the group's consumers learn of them on their next pull of each queue
 * ({@link ConsumerOffsets#takeReset}), whether they are online or not. The answer is RocketMQ's {@code ResetOffsetBody}.
 * A slave refuses, as a reset must go where the offsets are kept.
 *
 * <p>Runs on the admin executor thread; the tables are thread-safe.
 */
public final class ResetOffsetProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.INVOKE_BROKER_TO_RESET_OFFSET};

    private static final Logger LOG = LoggerFactory.getLogger(ResetOffsetProcessor.class);

    private final MessageStore store;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsets offsets;
    private final String brokerName;
    private final BooleanSupplier isSlave;
    private final ResetOffsetRequestHeader header = new ResetOffsetRequestHeader();
    private final InternTable names = new InternTable(256, 255);

    /** Resets the offsets of {@code groups} in {@code topics} over {@code store}; {@code isSlave} says when to refuse. */
    public ResetOffsetProcessor(MessageStore store, TopicTable topics, SubscriptionGroupTable groups,
        ConsumerOffsets offsets, String brokerName, BooleanSupplier isSlave) {
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.offsets = offsets;
        this.brokerName = brokerName;
        this.isSlave = isSlave;
    }

    @Override
    public void process(Exchange exchange) {
        header.clear();
        try {
            header.decode(exchange.request().ext(), names);
        } catch (MalformedHeaderException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "bad reset header: " + e.getMessage());
            return;
        }
        if (isSlave.getAsBoolean()) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "Can not reset offset in slave broker");
            return;
        }
        TopicConfig topic = topics.get(header.topic());
        if (topic == null) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST, "Topic " + header.topic() + " does not exist");
            return;
        }
        if (groups.get(header.group()) == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group " + header.group() + " does not exist");
            return;
        }
        int queueId = header.queueId();
        if (queueId >= topic.readQueues()) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "queueId " + queueId + " is not a queue of " + header.topic()
                + " (readQueueNums " + topic.readQueues() + ")");
            return;
        }
        Long given = header.offset();
        if (queueId >= 0 && given != null && given != -1) {
            long min = store.minOffset(header.topic(), queueId);
            long max = store.maxOffset(header.topic(), queueId);
            if (given < min || given > max + 1) {
                exchange.reply(ResponseCode.SYSTEM_ERROR,
                    "Target offset " + given + " not in consume queue range [" + min + "-" + max + "]");
                return;
            }
        }
        QueueKeyedJson body = new QueueKeyedJson("offsetTable");
        int first = queueId >= 0 ? queueId : 0;
        int last = queueId >= 0 ? queueId : topic.readQueues() - 1;
        for (int queue = first; queue <= last; queue++) {
            long offset = queueId >= 0 && given != null && given != -1 ? given : offsetAt(queue);
            offsets.reset(header.group(), header.topic(), queue, offset);
            body.put(brokerName, header.topic(), queue, offset);
        }
        LOG.info("{} reset the offsets of group {} in topic {} (queue {}, time {})", exchange.peer().address(),
            header.group(), header.topic(), queueId, header.timestamp());
        exchange.replyJson(body.finish());
    }

    private long offsetAt(int queue) {
        return header.timestamp() < 0 ? store.maxOffset(header.topic(), queue)
            : store.offsetForTimestamp(header.topic(), queue, header.timestamp(), false);
    }
}
