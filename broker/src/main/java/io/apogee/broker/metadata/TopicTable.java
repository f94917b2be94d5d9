package io.apogee.broker.metadata;

import java.util.List;

/**
 * The broker's topic configurations, persisted in {@code topics.conf}: one line per topic with its name, read and
 * write queue counts, permission, filter type, system flag and order flag.
 *
 * <p>Thread-safe, see {@link MetadataTable}.
 */
public final class TopicTable extends MetadataTable<TopicConfig> {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "topics.conf";
    private static final int VERSION = 1;
    private static final int FIELDS = 7;

    /** The table kept in {@code files}. */
    public TopicTable(MetadataFiles files) {
        super(files, FILE_NAME, "topics", VERSION);
    }

    /** Adds or replaces a topic. */
    public void put(TopicConfig topic) {
        putEntry(topic);
    }

    /** The topic's config, or null. */
    public TopicConfig get(String name) {
        return getEntry(name);
    }

    /** Removes a topic; returns what was held, or null. */
    public TopicConfig remove(String name) {
        return removeEntry(name);
    }

    @Override
    String keyOf(TopicConfig entry) {
        return entry.name();
    }

    @Override
    List<String> encode(TopicConfig topic) {
        return List.of(topic.name(), Integer.toString(topic.readQueues()), Integer.toString(topic.writeQueues()),
            Integer.toString(topic.permission()), topic.filterType(), Integer.toString(topic.sysFlag()),
            Boolean.toString(topic.order()));
    }

    @Override
    TopicConfig decode(List<String> fields) {
        if (fields.size() != FIELDS) {
            throw new IllegalArgumentException("topic line with " + fields.size() + " fields");
        }
        return new TopicConfig(fields.get(0), parseInt(fields.get(1)), parseInt(fields.get(2)), parseInt(fields.get(3)),
            fields.get(4), parseInt(fields.get(5)), parseBoolean(fields.get(6)));
    }
}
