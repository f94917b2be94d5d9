package io.apogee.perf.client;

import java.util.List;

/**
 * One producer thread's way of sending bodies to the run's topic, the same for every client. Failures are results,
 * not exceptions: the driver only counts them. Not thread-safe: one producer thread owns it; async completions may
 * run on any thread.
 */
public interface Sender {
    /**
     * Sends {@code bodies[0..count)} and waits for the broker: one message when {@code count} is 1, else one batch.
     * The bodies may be reused as soon as this returns.
     *
     * @return true if the broker stored them
     */
    boolean sendSync(List<byte[]> bodies, int count);

    /**
     * Sends {@code body} without waiting; {@code done} is called once with the outcome, on any thread. The body may be
     * reused as soon as this returns.
     *
     * @return false if the send was refused before it started ({@code done} is then never called)
     */
    boolean sendAsync(byte[] body, Completion done);

    /**
     * Sends {@code body} oneway. The body may be reused as soon as this returns.
     *
     * @return true if it was written (no answer is awaited)
     */
    boolean sendOneway(byte[] body);

    /** The outcome of an async send. */
    @FunctionalInterface
    interface Completion {
        /** Called once: {@code stored} is true if the broker stored the message. */
        void done(boolean stored);
    }
}
