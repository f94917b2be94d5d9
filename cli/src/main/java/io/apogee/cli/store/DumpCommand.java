package io.apogee.cli.store;

import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apogee store dump DIR}: prints the commit log's records, one per line (text or JSON), filtered by topic,
 * queue, physical offsets, store times and key, like Kafka's DumpLogSegments does for its log. Damaged stretches of
 * the log are skipped and told on standard error.
 *
 * <p>Not thread-safe: picocli runs it once on the calling thread.
 */
@Command(name = "dump", mixinStandardHelpOptions = true,
    description = "Prints the records of a stopped broker's commit log (Apogee's or Apache RocketMQ's), one per "
        + "line: physical offset, topic, queue, queue offset, store time, born host, keys, tags, properties, body size "
        + "and a body preview. Times are ISO-8601 (2024-01-31T10:00:00Z) or epoch milliseconds.")
public final class DumpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private StoreDirectoryArgument directory;

    @Option(names = "--json", description = "one JSON object per line")
    private boolean json;

    @Option(names = "--topic", description = "only this topic")
    private String topic;

    @Option(names = "--queue", description = "only this queue id", defaultValue = "-1")
    private int queue;

    @Option(names = "--from-offset", description = "only records at this physical offset or later", defaultValue = "0")
    private long fromOffset;

    @Option(names = "--to-offset", description = "only records before this physical offset",
        defaultValue = "9223372036854775807")
    private long toOffset;

    @Option(names = "--from-time", converter = TimeConverter.class, description = "only records stored at or after")
    private Instant fromTime;

    @Option(names = "--to-time", converter = TimeConverter.class, description = "only records stored before")
    private Instant toTime;

    @Option(names = "--key", description = "only records with this key (a word of KEYS, or the UNIQ_KEY)")
    private String key;

    @Option(names = "--limit", description = "print at most this many records", defaultValue = "-1")
    private long limit;

    @Option(names = "--preview", description = "body bytes to preview (default ${DEFAULT-VALUE})", defaultValue = "32")
    private int previewBytes;

    private long printed;

    @Override
    public Integer call() {
        StoreDirectory store = directory.open(spec.commandLine().getErr());
        if (store == null) {
            return StoreCommand.USAGE;
        }
        PrintWriter out = spec.commandLine().getOut();
        RecordText text = new RecordText(previewBytes);
        Findings findings = new Findings();
        try (LogFiles files = LogFiles.open(store, findings)) {
            new LogWalk(files, findings).walk(fromOffset, (record, offset, bodyIntact) -> {
                if (offset >= toOffset || limit >= 0 && printed >= limit) {
                    return false;
                }
                if (matches(record, offset)) {
                    out.println(json ? text.json(record, offset, bodyIntact) : text.line(record, offset, bodyIntact));
                    printed++;
                }
                return true;
            });
        }
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (Problem problem : findings.listed()) {
            err.println("skipped: " + problem);
        }
        err.flush();
        return StoreCommand.HEALTHY;
    }

    private boolean matches(StoredRecord record, long offset) {
        if (offset < fromOffset || topic != null && !record.topicEquals(topic)
            || queue >= 0 && record.queueId() != queue) {
            return false;
        }
        long stored = record.storeTimestamp();
        if (fromTime != null && stored < fromTime.toEpochMilli() || toTime != null && stored >= toTime.toEpochMilli()) {
            return false;
        }
        return key == null || hasKey(record);
    }

    private boolean hasKey(StoredRecord record) {
        Map<String, String> properties = RecordText.properties(record);
        if (key.equals(properties.get(PropertyNames.UNIQ_KEY))) {
            return true;
        }
        String keys = properties.get(PropertyNames.KEYS);
        if (keys != null) {
            for (String word : keys.split(String.valueOf(PropertyNames.KEY_SEPARATOR))) {
                if (word.equals(key)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A time as ISO-8601 or as epoch milliseconds. */
    static final class TimeConverter implements ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            return value.chars().allMatch(Character::isDigit) ? Instant.ofEpochMilli(Long.parseLong(value))
                : Instant.parse(value);
        }
    }
}
