package io.apogee.testsupport;

import java.util.concurrent.Semaphore;

/**
 * How far a consumer's listener may go: it takes a permit per message ({@link #take()}) and blocks until the test
 * grants one ({@link #grant(int)}). This stops consumption at a point the test chooses, instead of slowing every
 * message down and hoping a stop lands mid-way. {@link #close()} wakes every waiting listener with "do not consume".
 * Thread-safe: listeners take, the test thread grants and closes.
 */
public final class Permits implements AutoCloseable {
    private static final int ALL = Integer.MAX_VALUE / 2;
    private final Semaphore granted = new Semaphore(0);
    private volatile boolean closed;

    /** Lets {@code count} more messages through. */
    public void grant(int count) {
        granted.release(count);
    }

    /** Waits for a permit; false once closed (or interrupted), when the listener must not consume the message. */
    public boolean take() {
        try {
            granted.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !closed;
    }

    /** Wakes every waiting listener with "do not consume"; later takes return false at once. */
    @Override
    public void close() {
        closed = true;
        granted.release(ALL);
    }
}
