package io.apogee.testsupport;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a condition holds, polling it, and fails with the description and how long it waited. The pause between
 * polls starts at 0.1 ms and doubles up to 10 ms, so that a condition true within a millisecond (most are) costs no
 * more than that, and a long wait polls a hundred times a second. The pause paces the check; it never stands for
 * time a test needs to pass. Stateless; the calling thread waits.
 */
public final class Await {
    private static final long FIRST_PAUSE_NANOS = 100_000L;
    private static final long LONGEST_PAUSE_NANOS = 10_000_000L;

    private Await() {
    }

    /**
     * Returns once {@code condition} is true; throws {@link AssertionError} naming {@code description} after
     * {@code timeout}. A condition that throws is taken as false; its last failure is attached to the error.
     */
    public static void until(String description, Duration timeout, Callable<Boolean> condition) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        Exception last = null;
        long pause = FIRST_PAUSE_NANOS;
        while (true) {
            try {
                if (Boolean.TRUE.equals(condition.call())) {
                    return;
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                AssertionError failure = new AssertionError("waited " + Duration.ofNanos(System.nanoTime() - start).toMillis()
                    + " ms (timeout " + timeout.toMillis() + " ms) for " + description + ", which did not happen");
                if (last != null) {
                    failure.initCause(last);
                }
                throw failure;
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for " + description);
            }
        }
    }
}
