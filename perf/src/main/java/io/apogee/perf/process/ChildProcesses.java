package io.apogee.perf.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The child processes a comparison starts (brokers, name servers, load runs): each is stopped when done, and a
 * shutdown hook kills whatever is still running, with its descendants, when the tool exits for any reason. Safe for
 * any thread: the list is guarded by this object's lock.
 */
public final class ChildProcesses implements AutoCloseable {
    private static final long GRACE_SECONDS = 20;
    private static final long KILL_WAIT_SECONDS = 5;

    private final List<Process> running = new ArrayList<>();
    private final Thread hook = new Thread(this::killAll, "perf-kill-children");

    /** A registry whose shutdown hook is installed. */
    public ChildProcesses() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code builder}'s process and registers it. */
    public synchronized Process start(ProcessBuilder builder) throws IOException {
        Process process = builder.start();
        running.add(process);
        return process;
    }

    /** Stops {@code process}: SIGTERM, then SIGKILL (descendants too) if it has not exited within 20 s. */
    public void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                kill(process);
            }
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            running.remove(process);
        }
    }

    /** Kills every registered process still running and removes the shutdown hook. */
    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyExiting) {
            // the hook is running or has run: nothing left to remove
        }
    }

    private synchronized void killAll() {
        for (Process process : running) {
            kill(process);
        }
        running.clear();
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
