package io.apogee.testsupport.scenario;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Steps of several orders sent on a thread of their own, step by step across the orders, while a test changes the
 * consumer group under them; the first failure is kept for {@link #awaitSent}. The sender may hold after a step until
 * {@link #release released}, so that steps are still to come whatever the speed of the broker when the test changes
 * the group. Used by {@link OrderlyScenarios}. Not thread-safe: started, released and awaited by one test.
 */
public final class OrderedSends {
    /** Sends step {@code step} of order {@code order}. */
    @FunctionalInterface
    public interface StepSend {
        void send(int order, int step) throws Exception;
    }

    private final Thread sender;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile boolean holding;
    private volatile int stepsSent;
    private volatile boolean finished;

    private OrderedSends(int orders, int steps, int holdAfter, StepSend send) {
        this.sender = new Thread(() -> {
            try {
                for (int step = 0; step < steps; step++) {
                    for (int order = 0; order < orders; order++) {
                        send.send(order, step);
                    }
                    stepsSent = step + 1;
                    if (step == holdAfter) {
                        holding = true;
                        released.await();
                        holding = false;
                    }
                }
            } catch (Exception e) {
                failure.set(e);
            } finally {
                finished = true;
            }
        }, "orderly-sender");
        sender.setDaemon(true); // a test that fails before it releases the sender leaves no thread holding the JVM
    }

    /** Starts sending {@code steps} steps of each of {@code orders} orders through {@code send}. */
    public static OrderedSends start(int orders, int steps, StepSend send) {
        return startHoldingAfter(orders, steps, steps, send);
    }

    /** Like {@link #start}, but the sender holds once step {@code holdAfter} of every order went, until released. */
    public static OrderedSends startHoldingAfter(int orders, int steps, int holdAfter, StepSend send) {
        OrderedSends sends = new OrderedSends(orders, steps, holdAfter, send);
        sends.sender.start();
        return sends;
    }

    /** Lets a holding sender go on. */
    public void release() {
        released.countDown();
    }

    /**
     * Whether every order's step {@code step + lead} went, or the sender holds, or the sends are over: a consumer that
     * waits for this before it acknowledges {@code step} stays {@code lead} steps behind, so a backlog builds up while
     * the steps keep coming.
     */
    public boolean ahead(int step, int lead) {
        return finished || holding || stepsSent > step + lead;
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
