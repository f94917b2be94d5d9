package io.apogee.store.file;

import java.io.Serial;
import java.nio.file.Path;

/**
 * A file the store may do without for a while (a consume queue's) could not be created or mapped: the operating
 * system refused a mapping (Linux's {@code vm.max_map_count}), or the file or its directory could not be made.
 * Unlike {@link StoreIoException} it does not fence the store: only the one queue is refused until its file can be
 * mapped. Stackless: a hostile client may cause it on every send.
 *
 * <p>Immutable; safe for any thread.
 */
public final class MappingRefusedException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The {@code operation} on {@code path} failed with {@code cause}. */
    public MappingRefusedException(String operation, Path path, Throwable cause) {
        super(operation + " failed on " + path, cause, false, false);
    }
}
