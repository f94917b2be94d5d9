package io.apogee.store.file;

import java.io.Serial;

/**
 * A file operation failed, or was refused because the store is fenced. It carries the failure that tripped the
 * fence. Thrown only by {@link FencedIo}; the store's public operations turn it into a failed status.
 *
 * <p>Immutable; safe for any thread.
 */
public final class StoreIoException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Wraps {@code failure}, the one that fenced the store. */
    public StoreIoException(DiskFence.Failure failure) {
        super(failure.path() == null ? failure.operation() + " failed" : failure.operation() + " failed on " + failure.path(),
            failure.cause());
    }
}
