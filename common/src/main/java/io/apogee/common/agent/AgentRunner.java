package io.apogee.common.agent;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one {@link Agent} on its own thread: {@code onStart}, then duty cycles of {@code doWork} followed by the
 * {@link IdleStrategy}, then {@code onClose}. Anything {@code doWork} throws, an {@link Error} included, is counted,
 * passed to the {@link ErrorHandler}, and the cycle goes on: only {@link #stop()} ends the thread. The handler
 * decides what an error means (the store fences itself when an agent that cannot go on fails); the runner never
 * lets a thread die silently with work still queued for it.
 *
 * <p>{@link #stop()} waits at most the stop bound (10 s unless given) for the agent to finish its cycle and
 * {@code onClose}. An agent still running then is reported as an {@link AgentStuckException} carrying its stack,
 * and {@code stop} answers false: the caller must then leave the agent's resources open.
 *
 * <p>Thread-safe: {@link #start()} and {@link #stop()} may be called from any thread; the agent itself is only
 * touched by the runner's thread.
 */
public final class AgentRunner implements AutoCloseable {
    /** How long {@link #stop()} (and {@link #close()}) waits for the agent unless told otherwise. */
    public static final long DEFAULT_STOP_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private final Agent agent;
    private final IdleStrategy idleStrategy;
    private final ErrorHandler errorHandler;
    private final long stopMillis;
    private final AtomicLong errorCount = new AtomicLong();
    private volatile boolean running = true;
    private volatile Thread thread;

    /** Prepares to run {@code agent} with the default stop bound; nothing happens until {@link #start()}. */
    public AgentRunner(Agent agent, IdleStrategy idleStrategy, ErrorHandler errorHandler) {
        this(agent, idleStrategy, errorHandler, DEFAULT_STOP_MILLIS);
    }

    /** Prepares to run {@code agent}; {@link #stop()} waits at most {@code stopMillis} for it to stop. */
    public AgentRunner(Agent agent, IdleStrategy idleStrategy, ErrorHandler errorHandler, long stopMillis) {
        if (stopMillis < 1) {
            throw new IllegalArgumentException("stopMillis must be positive: " + stopMillis);
        }
        this.agent = Objects.requireNonNull(agent, "agent");
        this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
        this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
        this.stopMillis = stopMillis;
    }

    /** Starts the agent on a new platform thread named after its role; returns that thread. */
    public synchronized Thread start() {
        if (thread != null) {
            throw new IllegalStateException("already started: " + agent.roleName());
        }
        Thread started = Thread.ofPlatform().name(agent.roleName()).daemon(true).unstarted(this::run);
        thread = started;
        started.start();
        return started;
    }

    // catching Throwable is the point: an Error that ended this thread would leave the agent's callers unanswered
    private void run() {
        try {
            agent.onStart();
        } catch (Throwable error) {
            report(error);
        }
        while (running) {
            try {
                idleStrategy.idle(agent.doWork());
            } catch (Throwable error) {
                // a stray interrupt is reported like any error; only stop() ends the cycle
                report(error);
            }
        }
        try {
            agent.onClose();
        } catch (Throwable error) {
            report(error);
        }
    }

    private void report(Throwable error) {
        errorCount.incrementAndGet();
        try {
            errorHandler.onError(agent.roleName(), error);
        } catch (Throwable ignored) {
            // the handler itself failed (out of memory while logging): the count above still tells
        }
    }

    /** {@link #stop()}, for try-with-resources; whether the agent stopped is not told. */
    @Override
    public void close() {
        stop();
    }

    /** Errors thrown by the agent so far. */
    public long errorCount() {
        return errorCount.get();
    }

    /** Whether the runner has not been asked to stop. */
    public boolean isRunning() {
        return running;
    }

    /** Whether the agent's thread has ended, or was never started. */
    public boolean hasStopped() {
        Thread agentThread = thread;
        return agentThread == null || !agentThread.isAlive();
    }

    /**
     * Stops the cycle and waits, at most the stop bound, for {@code onClose} to finish; safe to call more than once.
     * Returns whether the agent's thread has ended (or never started). When it has not, the agent is reported as an
     * {@link AgentStuckException} with its stack, and the caller must not close what the agent uses: it may still
     * write there. Called from the agent's own thread, it returns false at once.
     */
    public boolean stop() {
        running = false;
        Thread agentThread = thread;
        if (agentThread == null) {
            return true;
        }
        if (agentThread == Thread.currentThread()) {
            return false;
        }
        // unpark rather than interrupt: an interrupt closes any FileChannel the agent is using
        LockSupport.unpark(agentThread);
        try {
            agentThread.join(stopMillis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (!agentThread.isAlive()) {
            return true;
        }
        report(new AgentStuckException(agent.roleName(), agentThread, stopMillis));
        return false;
    }
}
