package io.apogee.store.recovery;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.time.Clock;
import io.apogee.store.file.FencedIo;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Writes the {@link Checkpoint} every interval when either position moved: how far the commit log is forced (the
 * flusher's figure) and how far the consume queues and index are forced (the dispatcher's figure). A failed write
 * fences the store through {@link FencedIo}.
 *
 * <p>Single-threaded: {@link #doWork()} on the housekeeping thread (or a test), {@link #writeNow()} at shutdown
 * after the agents stopped.
 */
public final class Checkpointer implements SleepingAgent {
    private final FencedIo io;
    private final Path root;
    private final Clock clock;
    private final long intervalMillis;
    private final LongSupplier logFlushed;
    private final LongSupplier derivedForced;
    private long lastWriteMillis;
    private long writtenLog = -1;
    private long writtenDerived = -1;

    /**
     * @param io             the fenced door to the disk
     * @param root           the store root
     * @param clock          for the interval and the stamp
     * @param intervalMillis how often at most the file is replaced
     * @param logFlushed     the commit log's forced position
     * @param derivedForced  the position below which consume queues and index are forced
     */
    public Checkpointer(FencedIo io, Path root, Clock clock, long intervalMillis, LongSupplier logFlushed,
        LongSupplier derivedForced) {
        this.io = Objects.requireNonNull(io, "io");
        this.root = Objects.requireNonNull(root, "root");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.intervalMillis = intervalMillis;
        this.logFlushed = Objects.requireNonNull(logFlushed, "logFlushed");
        this.derivedForced = Objects.requireNonNull(derivedForced, "derivedForced");
        this.lastWriteMillis = clock.millis();
    }

    @Override
    public int doWork() {
        long now = clock.millis();
        if (now - lastWriteMillis < intervalMillis || io.isFailed()) {
            return 0;
        }
        lastWriteMillis = now;
        long log = logFlushed.getAsLong();
        long derived = derivedForced.getAsLong();
        if (log == writtenLog && derived == writtenDerived) {
            return 0;
        }
        write(log, derived, now);
        return 1;
    }

    @Override
    public long nanosToNextWork() {
        return SleepingAgent.nanosUntil(lastWriteMillis + intervalMillis, clock.millis());
    }

    /** Writes the checkpoint now with the current positions; returns what was written. */
    public Checkpoint writeNow() {
        return write(logFlushed.getAsLong(), derivedForced.getAsLong(), clock.millis());
    }

    private Checkpoint write(long log, long derived, long now) {
        Checkpoint checkpoint = new Checkpoint(log, derived, now);
        checkpoint.write(io, root);
        writtenLog = log;
        writtenDerived = derived;
        return checkpoint;
    }

    @Override
    public String roleName() {
        return "apogee-checkpointer";
    }
}
