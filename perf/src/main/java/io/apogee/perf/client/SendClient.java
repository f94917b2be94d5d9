package io.apogee.perf.client;

/**
 * One producer client shared by every producer thread of a run. Safe for any thread.
 */
public interface SendClient extends AutoCloseable {
    /** A sender of up to {@code batch} bodies at a time to {@code topic}, for one producer thread. */
    Sender newSender(String topic, int batch);

    /** Closes the client once every sender is done. */
    @Override
    void close();
}
