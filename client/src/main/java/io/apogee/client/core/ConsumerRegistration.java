package io.apogee.client.core;

import java.util.List;

/**
 * What a heartbeat tells a broker about one consumer group of this client (docs/protocol.md §3.3 34, consumerDataSet).
 * Immutable.
 *
 * @param group            the consumer group
 * @param consumeType      {@code CONSUME_PASSIVELY} for a push consumer
 * @param messageModel     {@code CLUSTERING}
 * @param consumeFromWhere {@code CONSUME_FROM_FIRST_OFFSET}, {@code ..._LAST_OFFSET} or {@code ..._TIMESTAMP}
 * @param subscriptions    one entry per subscribed topic
 */
public record ConsumerRegistration(String group, String consumeType, String messageModel, String consumeFromWhere,
                                   List<Subscription> subscriptions) {
    /** Copies the list. */
    public ConsumerRegistration {
        subscriptions = List.copyOf(subscriptions);
    }

    /**
     * One subscription, as SubscriptionData: the expression, its tags and their hash codes, and its version.
     * Immutable.
     *
     * @param topic      the topic
     * @param expression {@code *} or tags joined by {@code ||}
     * @param tags       the tags; empty for {@code *}
     * @param codes      {@code String.hashCode()} of each tag
     * @param subVersion a ms timestamp
     */
    public record Subscription(String topic, String expression, List<String> tags, List<Integer> codes, long subVersion) {
        /** Copies the lists. */
        public Subscription {
            tags = List.copyOf(tags);
            codes = List.copyOf(codes);
        }
    }
}
