package io.apogee.broker.topic;

/**
 * How many topics the broker holds and how many queues one topic may have. Both bound what a client can make the
 * broker create: each topic is a line of the topic file and a route entry, each queue a consume-queue directory and,
 * once written, a mapped file. RocketMQ 5 has neither bound.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param maxTopics         the most topics the topic table holds, retry and dead-letter topics included
 * @param maxQueuesPerTopic the most read or write queues one topic may have
 */
public record TopicLimits(int maxTopics, int maxQueuesPerTopic) {
    /** The setting key of {@link #maxTopics()}. */
    public static final String MAX_TOPICS_KEY = "maxTopicCount";
    /** The setting key of {@link #maxQueuesPerTopic()}. */
    public static final String MAX_QUEUES_KEY = "maxQueueNumsPerTopic";
    /** The default of {@link #maxTopics()}. */
    public static final int DEFAULT_MAX_TOPICS = 50_000;
    /** The default of {@link #maxQueuesPerTopic()}. */
    public static final int DEFAULT_MAX_QUEUES = 1_024;
    /** The defaults. */
    public static final TopicLimits DEFAULTS = new TopicLimits(DEFAULT_MAX_TOPICS, DEFAULT_MAX_QUEUES);

    /** Checks both limits are positive. */
    public TopicLimits {
        if (maxTopics < 1 || maxQueuesPerTopic < 1) {
            throw new IllegalArgumentException("limits must be positive: " + maxTopics + ", " + maxQueuesPerTopic);
        }
    }

    /** The remark of a refused creation: the table is full. */
    public String topicsFullRemark(String topic) {
        return "topic[" + topic + "] cannot be created: the broker holds its limit of " + maxTopics + " topics ("
            + MAX_TOPICS_KEY + ")";
    }

    /** Whether {@code queues} read or write queues are allowed. */
    public boolean allowsQueues(int queues) {
        return queues >= 0 && queues <= maxQueuesPerTopic;
    }

    /** The remark of a refused queue count. */
    public String queuesRemark(String what, int queues) {
        return what + " " + queues + " is outside 0.." + maxQueuesPerTopic + ", the limit of queues per topic ("
            + MAX_QUEUES_KEY + ")";
    }
}
