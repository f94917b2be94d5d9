package io.apogee.transport;

import io.apogee.common.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Logs refusals of one kind at most once per interval, with the number refused since the last line: an abusive
 * client that opens thousands of connections costs a few log lines, not thousands. Thread-safe.
 */
final class RefusalLog {
    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Logger log;
    private final Clock clock;
    private final AtomicLong nextLineNanos;
    private final AtomicLong unlogged = new AtomicLong();

    RefusalLog(Logger log, Clock clock) {
        this.log = log;
        this.clock = clock;
        this.nextLineNanos = new AtomicLong(clock.nanos());
    }

    /** Counts one refusal and logs it with {@code what} (built only when a line is written) if the interval has passed. */
    void refused(Supplier<String> what) {
        unlogged.incrementAndGet();
        long now = clock.nanos();
        long next = nextLineNanos.get();
        if (now - next >= 0 && nextLineNanos.compareAndSet(next, now + INTERVAL_NANOS)) {
            long refused = unlogged.getAndSet(0);
            log.warn("{} ({} refused since the last such line; next line in {} s at the earliest)", what.get(), refused,
                TimeUnit.NANOSECONDS.toSeconds(INTERVAL_NANOS));
        }
    }
}
