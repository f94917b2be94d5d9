package io.apogee.streams.log;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forces the streams' appended chunks to the device, as the RocketMQ log's flush modes do: every interval (RocketMQ's
 * {@code flushIntervalCommitLog}) for each stream written to since, and, with {@code SYNC_FLUSH}, as soon as a
 * publish waits for its confirm. Publishes that wait together share one force per stream (group commit), then their
 * confirms go out. Without it, a stream's segments are forced only when the writer leaves them and at close.
 *
 * <p>Threads: one thread of its own forces and runs the waiting actions; {@link #afterForce} from any thread;
 * {@link #close()} once, by the owner.
 */
public final class StreamFlusher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamFlusher.class);
    private static final long JOIN_MILLIS = 5_000;
    /** How long it sleeps at most without timed rounds: a publish waiting for a force wakes it anyway. */
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Supplier<Collection<StreamLog>> logs;
    private final boolean syncConfirms;
    private final long intervalNanos;
    private final Queue<Waiting> waiting = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean running = true;

    /** A publish waiting for its stream's force: what runs once the force covers it. */
    private record Waiting(StreamLog log, Runnable then) {
    }

    /**
     * Starts forcing the streams {@code logs} gives every {@code interval} (zero: never on a timer); with
     * {@code syncConfirms}, publishes wait for their force ({@link #afterForce}).
     */
    public StreamFlusher(Supplier<Collection<StreamLog>> logs, boolean syncConfirms, Duration interval) {
        this.logs = Objects.requireNonNull(logs, "logs");
        this.syncConfirms = syncConfirms;
        this.intervalNanos = interval.toNanos();
        this.thread = new Thread(this::run, "apogee-stream-flusher");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether a publish's confirm waits until its chunk is forced ({@code SYNC_FLUSH}). */
    public boolean syncConfirms() {
        return syncConfirms;
    }

    /**
     * Runs {@code then} on the flusher's thread once what {@code log} holds now is forced; it must not block. After
     * {@link #close()} the caller forces the log and runs it.
     */
    public void afterForce(StreamLog log, Runnable then) {
        waiting.add(new Waiting(log, then));
        LockSupport.unpark(thread);
        if (!running) {
            forceWaiting(); // closed meanwhile: nothing else would run it
        }
    }

    private void run() {
        long nextRound = System.nanoTime() + intervalNanos;
        while (running) {
            try {
                forceWaiting();
                long now = System.nanoTime();
                if (intervalNanos > 0 && now - nextRound >= 0) {
                    for (StreamLog log : logs.get()) {
                        log.force();
                    }
                    nextRound = now + intervalNanos;
                }
                if (waiting.isEmpty()) {
                    LockSupport.parkNanos(this, intervalNanos > 0 ? Math.max(0, nextRound - System.nanoTime()) : IDLE_NANOS);
                }
            } catch (RuntimeException e) {
                // a failed force (the disk, or a fenced store) leaves the waiting publishes unconfirmed
                LOG.error("stream flusher: a force failed", e);
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(100));
            }
        }
    }

    /** Forces each stream that publishes wait on, once, then runs what waited. */
    private synchronized void forceWaiting() {
        if (waiting.isEmpty()) {
            return;
        }
        List<Waiting> batch = new ArrayList<>();
        for (Waiting next = waiting.poll(); next != null; next = waiting.poll()) {
            batch.add(next);
        }
        Map<StreamLog, Boolean> forced = new IdentityHashMap<>();
        for (Waiting each : batch) {
            if (forced.putIfAbsent(each.log, Boolean.TRUE) == null) {
                each.log.force();
            }
        }
        for (Waiting each : batch) {
            each.then.run();
        }
    }

    /** Stops the thread after a last round of what waits; the logs' own close forces the rest. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        forceWaiting();
    }
}
