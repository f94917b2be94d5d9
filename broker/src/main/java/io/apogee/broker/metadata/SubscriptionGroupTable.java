package io.apogee.broker.metadata;

import java.util.List;

/**
 * The broker's consumer-group configurations, persisted in {@code subscription-groups.conf}, one line per group.
 *
 * <p>Thread-safe, see {@link MetadataTable}.
 */
public final class SubscriptionGroupTable extends MetadataTable<SubscriptionGroup> {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "subscription-groups.conf";
    private static final int VERSION = 1;
    private static final int FIELDS = 9;

    /** The table kept in {@code files}. */
    public SubscriptionGroupTable(MetadataFiles files) {
        super(files, FILE_NAME, "subscription-groups", VERSION);
    }

    /** Adds or replaces a group. */
    public void put(SubscriptionGroup group) {
        putEntry(group);
    }

    /** The group's config, or null. */
    public SubscriptionGroup get(String name) {
        return getEntry(name);
    }

    /** Removes a group; returns what was held, or null. */
    public SubscriptionGroup remove(String name) {
        return removeEntry(name);
    }

    @Override
    String keyOf(SubscriptionGroup entry) {
        return entry.name();
    }

    @Override
    List<String> encode(SubscriptionGroup group) {
        return List.of(group.name(), Boolean.toString(group.consumeEnabled()), Boolean.toString(group.fromMinEnabled()),
            Boolean.toString(group.broadcastEnabled()), Integer.toString(group.retryQueues()),
            Integer.toString(group.retryMaxTimes()), Long.toString(group.brokerId()),
            Long.toString(group.slowConsumerBrokerId()), Boolean.toString(group.notifyIdsChanged()));
    }

    @Override
    SubscriptionGroup decode(List<String> fields) {
        if (fields.size() != FIELDS) {
            throw new IllegalArgumentException("group line with " + fields.size() + " fields");
        }
        return new SubscriptionGroup(fields.get(0), parseBoolean(fields.get(1)), parseBoolean(fields.get(2)),
            parseBoolean(fields.get(3)), parseInt(fields.get(4)), parseInt(fields.get(5)), parseLong(fields.get(6)),
            parseLong(fields.get(7)), parseBoolean(fields.get(8)));
    }
}
