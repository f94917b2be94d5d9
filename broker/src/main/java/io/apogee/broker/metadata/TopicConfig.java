package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * A topic as the broker configures it (RocketMQ's {@code TopicConfig}).
 *
 * <p>Immutable; safe for any thread.
 *
 * @param name        the topic
 * @param readQueues  queues consumers read
 * @param writeQueues queues producers write
 * @param permission  RocketMQ's permission bits (read 4, write 2, inherit 1)
 * @param filterType  {@code SINGLE_TAG} or {@code MULTI_TAG}
 * @param sysFlag     RocketMQ's topic system flag
 * @param order       whether the topic is ordered
 */
public record TopicConfig(String name, int readQueues, int writeQueues, int permission, String filterType, int sysFlag,
    boolean order) {
    /** RocketMQ's default permission: read and write. */
    public static final int PERMISSION_READ_WRITE = 6;
    /** RocketMQ's default filter type. */
    public static final String SINGLE_TAG = "SINGLE_TAG";

    /** Checks the fields. */
    public TopicConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(filterType, "filterType");
        if (readQueues < 0 || writeQueues < 0) {
            throw new IllegalArgumentException("negative queue count");
        }
    }
}
