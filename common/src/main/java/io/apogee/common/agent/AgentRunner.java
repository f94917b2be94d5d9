package io.apogee.common.agent;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one {@link Agent} on its own thread: {@code onStart}, then duty cycles of {@code doWork} followed by the
 * {@link IdleStrategy}, then {@code onClose}. An exception from {@code doWork} is counted, passed to the
 * {@link ErrorHandler}, and the cycle goes on: a broken disk fences itself in the store, it does not kill the
 * thread.
 *
 * <p>Thread-safe: {@link #start()} and {@link #close()} may be called from any thread; the agent itself is only
 * touched by the runner's thread.
 */
public final class AgentRunner implements AutoCloseable {
    private static final long CLOSE_WAIT_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private final Agent agent;
    private final IdleStrategy idleStrategy;
    private final ErrorHandler errorHandler;
    private final AtomicLong errorCount = new AtomicLong();
    private volatile boolean running = true;
    private volatile Thread thread;

    /** Prepares to run {@code agent}; nothing happens until {@link #start()}. */
    public AgentRunner(Agent agent, IdleStrategy idleStrategy, ErrorHandler errorHandler) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
        this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
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

    private void run() {
        try {
            agent.onStart();
        } catch (RuntimeException error) {
            report(error);
        }
        while (running) {
            try {
                idleStrategy.idle(agent.doWork());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception | AssertionError error) {
                report(error);
            }
        }
        try {
            agent.onClose();
        } catch (RuntimeException error) {
            report(error);
        }
    }

    private void report(Throwable error) {
        errorCount.incrementAndGet();
        errorHandler.onError(agent.roleName(), error);
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

    /** Stops the cycle and waits for {@code onClose} to finish; safe to call more than once. */
    @Override
    public void close() {
        running = false;
        Thread agentThread = thread;
        if (agentThread == null || agentThread == Thread.currentThread()) {
            return;
        }
        // unpark rather than interrupt: an interrupt closes any FileChannel the agent is using
        LockSupport.unpark(agentThread);
        try {
            agentThread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
