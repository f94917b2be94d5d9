package io.apogee.broker.metadata;

import java.util.Objects;

/**
 * The broker's small metadata: topic configs, consumer offsets, subscription groups and users, each a {@link MetadataTable}
 * in its own file of one {@link MetadataFiles} directory, loaded at open and written atomically on {@link #persist()}.
 * The broker opens it from the store's metadata directory after the store, and persists it before the store closes.
 *
 * <p>Thread-safe: the tables are.
 */
public final class BrokerMetadata {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final UserTable users;

    private BrokerMetadata(MetadataFiles files) {
        this.topics = new TopicTable(files);
        this.offsets = new ConsumerOffsetTable(files);
        this.groups = new SubscriptionGroupTable(files);
        this.users = new UserTable(files);
    }

    /**
     * Opens the metadata kept in {@code files} and loads the four files (a missing one is an empty table).
     *
     * @throws IllegalArgumentException when a file is not in the expected layout
     */
    public static BrokerMetadata open(MetadataFiles files) {
        BrokerMetadata metadata = new BrokerMetadata(Objects.requireNonNull(files, "files"));
        metadata.topics.load();
        metadata.offsets.load();
        metadata.groups.load();
        metadata.users.load();
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

    /** The users of authentication. */
    public UserTable users() {
        return users;
    }

    /** Writes all four files atomically (each on its own). */
    public void persist() {
        topics.persist();
        offsets.persist();
        groups.persist();
        users.persist();
    }
}
