package io.apogee.broker.metadata;

import io.apogee.store.MessageStore;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The small files of one metadata directory, as the tables read them at load and replace them at persist. The
 * broker's files live in the store's metadata directory, so that one data directory holds everything; the store
 * only lends the directory and its fenced disk, the broker owns the files.
 *
 * <p>Implementations are safe for any thread.
 */
public interface MetadataFiles {
    /**
     * The bytes of the file {@code name}, or null when it does not exist.
     *
     * @throws io.apogee.store.file.StoreIoException when the disk fails
     */
    byte[] read(String name);

    /**
     * Replaces the file {@code name} with {@code content} atomically (temporary file, force, rename): a crash
     * leaves either the old file or the new one.
     *
     * @throws io.apogee.store.file.StoreIoException when the disk fails
     */
    void replace(String name, ByteBuffer content);

    /** The files of {@code store}'s metadata directory, through its fenced disk. */
    static MetadataFiles of(MessageStore store) {
        Objects.requireNonNull(store, "store");
        return new MetadataFiles() {
            @Override
            public byte[] read(String name) {
                return store.readMetadataFile(name);
            }

            @Override
            public void replace(String name, ByteBuffer content) {
                store.writeMetadataFile(name, content);
            }
        };
    }
}
