package io.apogee.broker.testing;

import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.metadata.MetadataStore;
import java.nio.file.Path;

/** The store's metadata tables (topics, groups, offsets) alone, in a temporary directory, for processors needing no log. */
public final class TempMetadata {
    private TempMetadata() {
    }

    /** The metadata kept in {@code dir}. */
    public static MetadataStore open(Path dir) {
        return MetadataStore.open(new FencedIo(new NioFileIo(), new DiskFence()), dir);
    }
}
