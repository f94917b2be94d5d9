package io.apogee.store.metadata;

import io.apogee.store.file.FencedIo;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The broker's small metadata in one directory: topic configs, consumer offsets and subscription groups, each a
 * {@link MetadataTable} in its own file, loaded at open and written atomically on {@link #persist()}.
 *
 * <p>Thread-safe: the tables are.
 */
public final class MetadataStore {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;

    private MetadataStore(FencedIo io, Path directory) {
        io.createDirectories(directory);
        this.topics = new TopicTable(io, directory);
        this.offsets = new ConsumerOffsetTable(io, directory);
        this.groups = new SubscriptionGroupTable(io, directory);
    }

    /**
     * Opens the metadata in {@code directory} (created when missing) and loads the three files.
     *
     * @throws IllegalArgumentException when a file is not in the expected layout
     */
    public static MetadataStore open(FencedIo io, Path directory) {
        MetadataStore store = new MetadataStore(Objects.requireNonNull(io, "io"), Objects.requireNonNull(directory, "directory"));
        store.topics.load();
        store.offsets.load();
        store.groups.load();
        return store;
    }

    /** Topic configs. */
    public TopicTable topics() {
        return topics;
    }

    /** Committed consumer offsets. */
    public ConsumerOffsetTable offsets() {
        return offsets;
    }

    /** Subscription groups. */
    public SubscriptionGroupTable groups() {
        return groups;
    }

    /** Writes all three files atomically (each on its own). */
    public void persist() {
        topics.persist();
        offsets.persist();
        groups.persist();
    }
}
