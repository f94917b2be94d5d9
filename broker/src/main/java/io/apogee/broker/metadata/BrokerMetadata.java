package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * The broker's small metadata: topic configs, consumer offsets and subscription groups, each a {@link MetadataTable}
 * in its own file of one {@link MetadataFiles} directory, loaded at open and written atomically on {@link #persist()}.
 * The broker opens it from the store's metadata directory after the store, and persists it before the store closes.
 *
 * <p>Thread-safe: the tables are.
 */
public final class BrokerMetadata {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;

    private BrokerMetadata(MetadataFiles files) {
        this.topics = new TopicTable(files);
        this.offsets = new ConsumerOffsetTable(files);
        this.groups = new SubscriptionGroupTable(files);
    }

    /**
     * Opens the metadata kept in {@code files} and loads the three files (a missing one is an empty table).
     *
     * @throws IllegalArgumentException when a file is not in the expected layout
     */
    public static BrokerMetadata open(MetadataFiles files) {
        BrokerMetadata metadata = new BrokerMetadata(Objects.requireNonNull(files, "files"));
        metadata.topics.load();
        metadata.offsets.load();
        metadata.groups.load();
        return metadata;
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
