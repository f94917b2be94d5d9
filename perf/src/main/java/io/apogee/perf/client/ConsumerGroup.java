package io.apogee.perf.client;

/**
 * The run's push consumers, all in one group, handing every delivered body to one listener. Safe for any thread.
 */
public interface ConsumerGroup extends AutoCloseable {
    /** Whether every consumer has been assigned at least one queue. */
    boolean allAssigned();

    /** Stops every consumer. */
    @Override
    void close();
}
