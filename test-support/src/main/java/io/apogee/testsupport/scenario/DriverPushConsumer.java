package io.apogee.testsupport.scenario;

import java.util.Set;

/** A push consumer. The test thread starts and closes it; its own threads deliver. */
public interface DriverPushConsumer extends AutoCloseable {
    /** Starts consuming; a refusal the broker answered is a {@link RefusedByBroker}. */
    void start() throws Exception;

    /** The queue ids of {@code topic} its rebalance holds now. */
    Set<Integer> queueIds(String topic);

    /** How many queues of {@code topic} it holds locked on the broker now, as its own rebalance sees them. */
    long lockedQueues(String topic);

    /** Shuts the consumer down; harmless when not started or already closed. */
    @Override
    void close();
}
