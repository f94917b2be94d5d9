package io.apogee.perf.client;

/**
 * One producer client shared by every producer thread of a run. Safe for any thread.
 */
public interface SendClient extends AutoCloseable {
    /**
     * A sender of up to {@code batch} bodies at a time to {@code topic}, for one producer thread; with
     * {@code deliverAfterMillis} above 0 each message asks to be delivered that long after its send (a 5.x timer
     * message: TIMER_DELAY_MS).
     */
    Sender newSender(String topic, int batch, long deliverAfterMillis);

    /** Closes the client once every sender is done. */
    @Override
    void close();
}
