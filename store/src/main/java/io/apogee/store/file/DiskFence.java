package io.apogee.store.file;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The health of one store directory. The first I/O error trips the fence; from then on every operation of the
 * store reports the failed state until the process restarts, as Kafka does with a failed log directory. Nothing
 * clears it: a disk that failed once is not trusted again without an operator.
 *
 * <p>Thread-safe: any thread may trip it or read it; the first failure wins and later ones are ignored.
 */
public final class DiskFence {
    /** What tripped the fence. */
    public record Failure(String operation, Path path, Throwable cause) {
    }

    private volatile Failure failure;

    /** Whether an I/O error has fenced the store. */
    public boolean isFailed() {
        return failure != null;
    }

    /** The first failure, or null while healthy. */
    public Failure failure() {
        return failure;
    }

    /** Trips the fence with {@code cause}, unless it is already tripped; returns the failure that holds. */
    public synchronized Failure trip(String operation, Path path, Throwable cause) {
        if (failure == null) {
            failure = new Failure(Objects.requireNonNull(operation, "operation"), path, cause);
        }
        return failure;
    }
}
