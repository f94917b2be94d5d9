package io.apogee.store.recovery;

import io.apogee.store.file.FencedIo;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The running marker (RocketMQ calls it {@code abort}): an empty file created when a store opens and deleted by a
 * clean close after the final checkpoint. Finding it at open means the last run did not close cleanly, so
 * recovery validates the log past the checkpoint instead of trusting it.
 *
 * <p>Stateless; safe for any thread.
 */
public final class ShutdownMarker {
    /** The file name inside the store root. */
    public static final String FILE_NAME = "abort";
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private ShutdownMarker() {
    }

    /** Whether the last run of the store in {@code root} ended without a clean close. */
    public static boolean isPresent(FencedIo io, Path root) {
        return io.readAll(root.resolve(FILE_NAME)) != null;
    }

    /** Marks the store in {@code root} as running. */
    public static void markRunning(FencedIo io, Path root) {
        io.writeAtomically(root.resolve(FILE_NAME), EMPTY);
    }

    /** Marks the store in {@code root} as cleanly closed. */
    public static void markClosed(FencedIo io, Path root) {
        io.delete(root.resolve(FILE_NAME));
    }
}
