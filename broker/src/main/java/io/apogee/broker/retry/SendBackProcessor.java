package io.apogee.broker.retry;

import io.apogee.broker.detour.AnsweredAppend;
import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecord;
import java.util.concurrent.ThreadLocalRandom;

/**
 * CONSUMER_SEND_MSG_BACK (36), as RocketMQ's broker answers it: the failed message is looked up by its commit-log
 * offset and copied, with RETRY_TOPIC (its first topic), ORIGIN_MESSAGE_ID (its first message id) and one more
 * reconsume time, either to the group's retry topic {@code %RETRY%<group>} (created on demand with the group's retry
 * queues) through the schedule topic at delay level {@code 3 + reconsume times} unless the consumer named one, or,
 * once the message has been consumed the group's max reconsume times (the consumer's when it sends them, 16 by
 * default) or when the consumer asks for it (level below 0), to the dead-letter topic {@code %DLQ%<group>} (1 queue,
 * readable and writable), where it waits for a person or a consumer of that topic.
 *
 * <p>Runs on its family's thread (the lookup and header are reused there); completions run on a store agent.
 */
public final class SendBackProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.CONSUMER_SEND_MSG_BACK};
    /** The prefix of a group's dead-letter topic. */
    public static final String DLQ_PREFIX = "%DLQ%";
    /** RocketMQ's dead-letter queues per group. */
    static final int DLQ_QUEUES = 1;
    /** The first retry's level (10 s by default); each retry goes one level up. */
    static final int FIRST_RETRY_LEVEL = 3;
    static final String FAQ = "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final MessageStore store;
    private final TopicRegistry topics;
    private final SubscriptionGroupTable groups;
    private final ScheduleTopic schedule;
    private final HostAddress storeHost;
    private final MessageLookup lookup;
    private final ReadResult found = new ReadResult(1);
    private final StoredRecord record = new StoredRecord();
    private final ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
    private final InternTable names = new InternTable(1024, 255);

    /** Sends back into {@code store}, creating topics in {@code topics}, with the group configs of {@code groups}. */
    public SendBackProcessor(MessageStore store, TopicRegistry topics, SubscriptionGroupTable groups,
        ScheduleTopic schedule, HostAddress storeHost) {
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.schedule = schedule;
        this.storeHost = storeHost;
        this.lookup = store.newLookup();
    }

    @Override
    public void process(Exchange exchange) {
        try {
            header.clear();
            header.decode(exchange.request().ext(), names);
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad send-back header: " + e.getMessage());
            return;
        }
        String group = header.group();
        String groupProblem = Names.groupProblem(group);
        if (groupProblem != null) {
            // its retry topic could never be written: refused before anything is parked
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, groupProblem);
            return;
        }
        SubscriptionGroup config = groups.get(group);
        if (config == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group not exist, " + group + FAQ);
            return;
        }
        if (config.retryQueues() <= 0) {
            exchange.reply(ResponseCode.SUCCESS, null); // the group does not retry: the message is dropped
            return;
        }
        MessageCopy message = failedMessage(header.offset());
        if (message == null) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "look message by offset failed, " + header.offset());
            return;
        }
        int maxReconsumeTimes = header.maxReconsumeTimes() != null ? header.maxReconsumeTimes() : config.retryMaxTimes();
        boolean deadLetter = message.reconsumeTimes() >= maxReconsumeTimes || header.delayLevel() < 0;
        String topic = deadLetter ? DLQ_PREFIX + group : TopicRegistry.RETRY_PREFIX + group;
        int queues = deadLetter ? DLQ_QUEUES : config.retryQueues();
        TopicConfig target = topics.createIfAbsent(topic, queues, Permission.READ_WRITE);
        if ((target.permission() & Permission.WRITE) == 0) {
            exchange.reply(ResponseCode.NO_PERMISSION, "the topic[" + topic + "] sending message is forbidden");
            return;
        }
        int previousTimes = message.reconsumeTimes();
        int reconsumeTimes = previousTimes + 1;
        message.topic(topic).queueId(ThreadLocalRandom.current().nextInt(Math.max(1, target.writeQueues())))
            .reconsumeTimes(reconsumeTimes).put(PropertyNames.RECONSUME_TIME, Integer.toString(reconsumeTimes))
            .remove(PropertyNames.DELAY);
        int level = header.delayLevel() > 0 ? header.delayLevel() : FIRST_RETRY_LEVEL + previousTimes;
        AnsweredAppend.submit(store, () -> deadLetter ? new CopyAppend(message, storeHost) : schedule.park(message, level),
            exchange, "the message sent back", done -> exchange.reply(ResponseCode.SUCCESS, null));
    }

    /** The message at {@code offset} with RETRY_TOPIC and ORIGIN_MESSAGE_ID set, or null when none is there. */
    private MessageCopy failedMessage(long offset) {
        if (lookup.readAt(offset, found) != ReadStatus.FOUND) {
            found.release();
            return null;
        }
        try {
            record.wrap(found.buffer(0), found.position(0));
            MessageCopy message = MessageCopy.of(record);
            message.putIfAbsent(PropertyNames.RETRY_TOPIC, message.topic());
            String origin = message.get(PropertyNames.ORIGIN_MESSAGE_ID);
            if (origin == null || origin.isBlank()) {
                message.put(PropertyNames.ORIGIN_MESSAGE_ID, OffsetMessageId.of(record));
            }
            return message;
        } finally {
            found.release();
        }
    }
}
