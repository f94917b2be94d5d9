package io.apogee.broker.retry;

import io.apogee.broker.message.MessageCopy;
import io.apogee.broker.message.SendDetour;
import io.apogee.broker.order.RebalanceLocks;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.store.metadata.SubscriptionGroup;
import io.apogee.store.metadata.SubscriptionGroupTable;
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
 * <p>Not thread-safe: one per sending thread, as its {@link SendDetour}; completions run on a store agent.
 */
public final class DeadLetterSends {
    private final SendDetour detour;
    private final SubscriptionGroupTable groups;
    private final TopicRegistry topics;
    private final RebalanceLocks locks;

    /**
     * The rule over {@code groups} and their {@code locks}, creating dead-letter topics in {@code topics} and storing
     * through {@code detour}.
     */
    public DeadLetterSends(SendDetour detour, SubscriptionGroupTable groups, TopicRegistry topics, RebalanceLocks locks) {
        this.detour = detour;
        this.groups = groups;
        this.topics = topics;
        this.locks = locks;
    }

    /**
     * Takes the single send of {@code exchange} (decoded into {@code header}) to {@code topic} when the rule applies:
     * answers a refusal or stores the message as a dead letter and returns true; returns false, taking nothing, for a
     * send to go its usual way.
     */
    public boolean send(Exchange exchange, SendMessageRequestHeader header, String topic) {
        if (!topic.startsWith(TopicRegistry.RETRY_PREFIX)) {
            return false;
        }
        String group = topic.substring(TopicRegistry.RETRY_PREFIX.length());
        SubscriptionGroup config = groups.get(group);
        if (config == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group not exist, " + group
                + SendBackProcessor.FAQ);
            return true;
        }
        int maxReconsumeTimes = header.hasMaxReconsumeTimes() && exchange.request().version() >= ProtocolVersion.V3_4_9
            ? header.maxReconsumeTimes() : config.retryMaxTimes();
        int reconsumeTimes = header.hasReconsumeTimes() ? header.reconsumeTimes() : 0;
        if (reconsumeTimes <= maxReconsumeTimes && !locks.holdsAny(group)) {
            return false;
        }
        String deadLetters = SendBackProcessor.DLQ_PREFIX + group;
        topics.createIfAbsent(deadLetters, SendBackProcessor.DLQ_QUEUES, Permission.READ_WRITE);
        MessageCopy message = detour.copyOf(exchange, header, deadLetters, 0).put(PropertyNames.DELAY, "-1");
        detour.submit(exchange, message, () -> detour.appendAsIs(message), "the dead letter");
        return true;
    }
}
