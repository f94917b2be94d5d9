package io.apogee.testsupport.scenario;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Steps of several orders sent on a thread of their own, step by step across the orders, while a test changes the
 * consumer group under them; the first failure is kept for {@link #awaitSent}. Used by {@link OrderlyScenarios}. Not thread-safe: started and awaited by one test.
 */
public final class OrderedSends {
    /** Sends step {@code step} of order {@code order}. */
    @FunctionalInterface
    public interface StepSend {
        void send(int order, int step) throws Exception;
    }

    private final Thread sender;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile int stepsSent;
    private volatile boolean finished;

    private OrderedSends(int orders, int steps, StepSend send) {
        this.sender = new Thread(() -> {
            try {
                for (int step = 0; step < steps; step++) {
                    for (int order = 0; order < orders; order++) {
                        send.send(order, step);
                    }
                    stepsSent = step + 1;
                }
            } catch (Exception e) {
                failure.set(e);
            } finally {
                finished = true;
            }
        }, "orderly-sender");
    }

    /** Starts sending {@code steps} steps of each of {@code orders} orders through {@code send}. */
    public static OrderedSends start(int orders, int steps, StepSend send) {
        OrderedSends sends = new OrderedSends(orders, steps, send);
        sends.sender.start();
        return sends;
    }

    /**
     * Whether every order's step {@code step + lead} went, or the sends are over: a consumer that waits for this before
     * it acknowledges {@code step} stays {@code lead} steps behind, so a backlog builds up while the steps keep coming.
     */
    public boolean ahead(int step, int lead) {
        return finished || stepsSent > step + lead;
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
