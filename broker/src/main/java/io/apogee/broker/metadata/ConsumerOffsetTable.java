package io.apogee.broker.metadata;

import java.util.List;
import java.util.Locale;

/**
 * Committed consumer offsets, persisted in {@code consumer-offsets.conf}: one line per (group, topic, queue) with
 * the offset. The broker commits on every offset update and persists periodically, as RocketMQ's
 * {@code ConsumerOffsetManager} does; a crash loses at most the commits since the last persist (consumers then
 * re-read a little).
 *
 * <p>Thread-safe, see {@link MetadataTable}. A commit allocates one small entry object.
 */
public final class ConsumerOffsetTable extends MetadataTable<ConsumerOffset> {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "consumer-offsets.conf";
    /** The answer for a queue the group never committed. */
    public static final long NONE = -1;
    private static final int VERSION = 1;
    private static final int FIELDS = 4;
    private static final char KEY_SEPARATOR = '\u0000';
    /** Zero-padded so that keys sort by queue id. */
    private static final String QUEUE_ID_FORMAT = "%010d";

    /** The table kept in {@code files}. */
    public ConsumerOffsetTable(MetadataFiles files) {
        super(files, FILE_NAME, "consumer-offsets", VERSION);
    }

    /** Commits {@code offset} for the group in the queue. */
    public void commit(String group, String topic, int queueId, long offset) {
        putEntry(new ConsumerOffset(group, topic, queueId, offset));
    }

    /** The group's committed offset in the queue, or {@link #NONE}. */
    public long offset(String group, String topic, int queueId) {
        ConsumerOffset entry = getEntry(key(group, topic, queueId));
        return entry == null ? NONE : entry.offset();
    }

    /** Drops every commit of {@code group}; returns how many. */
    public int removeGroup(String group) {
        int removed = 0;
        for (ConsumerOffset entry : all()) {
            if (entry.group().equals(group) && removeEntry(keyOf(entry)) != null) {
                removed++;
            }
        }
        return removed;
    }

    /** Drops every commit on {@code topic} (the topic was deleted); returns how many. */
    public int removeTopic(String topic) {
        int removed = 0;
        for (ConsumerOffset entry : all()) {
            if (entry.topic().equals(topic) && removeEntry(keyOf(entry)) != null) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * The group's length leads the key, so where the group ends is never read from its characters: no two
     * (group, topic) pairs share a key, whatever the names hold (older files may hold names outside today's rule).
     */
    private static String key(String group, String topic, int queueId) {
        return Integer.toString(group.length()) + KEY_SEPARATOR + group + topic + KEY_SEPARATOR
            + String.format(Locale.ROOT, QUEUE_ID_FORMAT, queueId);
    }

    @Override
    String keyOf(ConsumerOffset entry) {
        return key(entry.group(), entry.topic(), entry.queueId());
    }

    @Override
    List<String> encode(ConsumerOffset entry) {
        return List.of(entry.group(), entry.topic(), Integer.toString(entry.queueId()), Long.toString(entry.offset()));
    }

    @Override
    ConsumerOffset decode(List<String> fields) {
        if (fields.size() != FIELDS) {
            throw new IllegalArgumentException("offset line with " + fields.size() + " fields");
        }
        return new ConsumerOffset(fields.get(0), fields.get(1), parseInt(fields.get(2)), parseLong(fields.get(3)));
    }
}
