package io.apogee.broker;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Steps of several orders sent on a thread of their own, step by step across the orders, while a test changes the
 * consumer group under them; the first failure is kept for {@link #awaitSent}. Shared by the orderly tests of both
 * official client versions, which differ only in the send itself. Not thread-safe: started and awaited by one test.
 */
public final class OrderedSends {
    /** Sends step {@code step} of order {@code order}. */
    @FunctionalInterface
    public interface StepSend {
        void send(int order, int step) throws Exception;
    }

    private final Thread sender;
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    private OrderedSends(int orders, int steps, StepSend send) {
        this.sender = new Thread(() -> {
            try {
                for (int step = 0; step < steps; step++) {
                    for (int order = 0; order < orders; order++) {
                        send.send(order, step);
                    }
                }
            } catch (Exception e) {
                failure.set(e);
            }
        }, "orderly-sender");
    }

    /** Starts sending {@code steps} steps of each of {@code orders} orders through {@code send}. */
    public static OrderedSends start(int orders, int steps, StepSend send) {
        OrderedSends sends = new OrderedSends(orders, steps, send);
        sends.sender.start();
        return sends;
    }

    /** Waits up to {@code millis} for the last send; returns the first failure, or null when every send went. */
    public Exception awaitSent(long millis) throws InterruptedException {
        sender.join(millis);
        if (sender.isAlive()) {
            return new IllegalStateException("the sends did not finish within " + millis + " ms");
        }
        return failure.get();
    }
}
