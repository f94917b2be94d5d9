package io.apogee.broker.retry;

import io.apogee.broker.detour.Detour;
import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.detour.SendCopies;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.order.RebalanceLocks;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;

/**
 * The send path's rule for a client's own send to a retry topic (the official consumer's fallback when the broker
 * did not take its CONSUMER_SEND_MSG_BACK, the orderly one once its local retries are spent): the group must exist
 * (SUBSCRIPTION_GROUP_NOT_EXIST otherwise), and a message consumed more often than the group's max reconsume times
 * (the request's own limit from clients of V3_4_9 on), or any retry of a group holding queue locks (it consumes
 * orderly: a 4.x orderly consumer sends its last try at exactly the limit), goes to {@code %DLQ%<group>} instead,
 * with DELAY -1 so that it waits on no schedule queue, as RocketMQ 5 moves it.
 *
 * <p>Not thread-safe: one per sending thread, as its {@link SendCopies}; completions run on a store agent.
 */
public final class DeadLetterDetour implements Detour {
    private final SendCopies copies;
    private final SubscriptionGroupTable groups;
    private final TopicRegistry topics;
    private final RebalanceLocks locks;

    /**
     * The rule over {@code groups} and their {@code locks}, creating dead-letter topics in {@code topics} and storing
     * through {@code copies}.
     */
    public DeadLetterDetour(SendCopies copies, SubscriptionGroupTable groups, TopicRegistry topics, RebalanceLocks locks) {
        this.copies = copies;
        this.groups = groups;
        this.topics = topics;
        this.locks = locks;
    }

    /**
     * Takes {@code send} when the rule applies to it: refuses it, or stores it as a dead letter; passes a send to any
     * other topic, or one still within its group's limit.
     */
    @Override
    public DetourOutcome take(DetourRequest send) {
        String topic = send.topic();
        if (!topic.startsWith(TopicRegistry.RETRY_PREFIX)) {
            return DetourOutcome.PASSED;
        }
        Exchange exchange = send.exchange();
        SendMessageRequestHeader header = send.header();
        String group = topic.substring(TopicRegistry.RETRY_PREFIX.length());
        SubscriptionGroup config = groups.get(group);
        if (config == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group not exist, " + group
                + SendBackProcessor.FAQ);
            return DetourOutcome.REFUSED;
        }
        int maxReconsumeTimes = header.hasMaxReconsumeTimes() && exchange.request().version() >= ProtocolVersion.V3_4_9
            ? header.maxReconsumeTimes() : config.retryMaxTimes();
        int reconsumeTimes = header.hasReconsumeTimes() ? header.reconsumeTimes() : 0;
        if (reconsumeTimes <= maxReconsumeTimes && !locks.holdsAny(group)) {
            return DetourOutcome.PASSED;
        }
        String deadLetters = SendBackProcessor.DLQ_PREFIX + group;
        topics.createIfAbsent(deadLetters, SendBackProcessor.DLQ_QUEUES, Permission.READ_WRITE);
        MessageCopy message = copies.copyOf(send, deadLetters, 0).put(PropertyNames.DELAY, "-1");
        return copies.store(send, message, () -> copies.appendAsIs(message), "the dead letter");
    }
}
