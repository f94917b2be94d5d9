package io.apogee.broker.testing;

import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The broker's metadata tables (topics, groups, offsets) alone, in a temporary directory, for processors needing no
 * log: the files are read and replaced through a fenced disk of their own, as the store does for the broker.
 */
public final class TempMetadata {
    private TempMetadata() {
    }

    /** The metadata kept in {@code dir} (created when missing). */
    public static BrokerMetadata open(Path dir) {
        return BrokerMetadata.open(files(dir));
    }

    /** The metadata files of {@code dir} (created when missing). */
    public static MetadataFiles files(Path dir) {
        FencedIo io = new FencedIo(new NioFileIo(), new DiskFence());
        io.createDirectories(dir);
        return new MetadataFiles() {
            @Override
            public byte[] read(String name) {
                return io.readAll(dir.resolve(name));
            }

            @Override
            public void replace(String name, ByteBuffer content) {
                io.writeAtomically(dir.resolve(name), content);
            }
        };
    }
}
