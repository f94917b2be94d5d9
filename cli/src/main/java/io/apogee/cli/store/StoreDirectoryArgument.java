package io.apogee.cli.store;

import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The store directory every store command takes first, as a picocli mixin, and the check that it is one. */
final class StoreDirectoryArgument {
    @Parameters(index = "0", paramLabel = "DIR", description = "the store directory (holding commitlog/)")
    private Path directory;

    /** The store directory, or null after telling {@code err} that the argument names none. */
    StoreDirectory open(PrintWriter err) {
        StoreDirectory store = new StoreDirectory(directory.toAbsolutePath().normalize());
        if (!store.exists()) {
            err.println("not a store directory (no commitlog/ inside): " + directory);
            return null;
        }
        return store;
    }
}
