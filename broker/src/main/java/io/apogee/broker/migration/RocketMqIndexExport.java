package io.apogee.broker.migration;

import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Apache RocketMQ's message index built from a stopped store's commit log, as RocketMQ's {@code IndexService} builds
 * it on dispatch: each record's {@code UNIQ_KEY}, then each of its space-separated {@code KEYS}, as
 * {@code topic#key}; rolled-back transactional records are left out.
 *
 * <p>Immutable; one export at a time writes with it.
 *
 * @param maxHashSlotNum slots per file, RocketMQ's {@code maxHashSlotNum}
 * @param maxIndexNum    entries per file, RocketMQ's {@code maxIndexNum}
 */
public record RocketMqIndexExport(int maxHashSlotNum, int maxIndexNum) {
    /** RocketMQ 5.4.0's defaults. */
    public static final RocketMqIndexExport DEFAULTS = new RocketMqIndexExport(5_000_000, 20_000_000);

    /** Checks the sizes as RocketMQ needs them. */
    public RocketMqIndexExport {
        if (maxHashSlotNum <= 0 || maxIndexNum <= 1) {
            throw new IllegalArgumentException("maxHashSlotNum must be positive and maxIndexNum above 1, not "
                + maxHashSlotNum + " and " + maxIndexNum);
        }
        if (RocketMqIndexWriter.fileSize(maxHashSlotNum, maxIndexNum) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxHashSlotNum " + maxHashSlotNum + " and maxIndexNum " + maxIndexNum
                + " make an index file over 2 GiB, which RocketMQ cannot map");
        }
    }

    /** What {@link #write} made. */
    public record Result(List<Path> files, long records, long keys) {
    }

    /** Writes into {@code directory} (existing, empty) the index of {@code commitLog}'s records below {@code logEnd}. */
    Result write(Path commitLog, long logEnd, Path directory) throws IOException {
        long[] keys = {0};
        long records;
        try (RocketMqIndexWriter writer = new RocketMqIndexWriter(directory, maxHashSlotNum, maxIndexNum, Instant.now())) {
            records = StoppedLogWalk.walk(commitLog, logEnd, (record, offset) -> keys[0] += index(record, offset, writer));
            return new Result(writer.written(), records, keys[0]);
        }
    }

    private static int index(StoredRecord record, long offset, RocketMqIndexWriter writer) throws IOException {
        if (MessageSysFlag.transactionType(record.sysFlag()) == MessageSysFlag.TRANSACTION_ROLLBACK_TYPE) {
            return 0;
        }
        PropertiesReader properties = record.properties();
        String unique = properties.value(PropertyNames.UNIQ_KEY);
        String keys = properties.value(PropertyNames.KEYS);
        if (unique == null && (keys == null || keys.isEmpty())) {
            return 0;
        }
        String topic = record.topic();
        int written = 0;
        if (unique != null) {
            writer.put(topic, unique, offset, record.storeTimestamp());
            written++;
        }
        if (keys != null) {
            for (String key : keys.split(String.valueOf(PropertyNames.KEY_SEPARATOR))) {
                if (!key.isEmpty()) {
                    writer.put(topic, key, offset, record.storeTimestamp());
                    written++;
                }
            }
        }
        return written;
    }
}
