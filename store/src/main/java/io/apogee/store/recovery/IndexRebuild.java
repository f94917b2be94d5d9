package io.apogee.store.recovery;

import io.apogee.store.index.MessageIndex;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.util.Objects;

/**
 * Replays records past what the message index already holds into it: the KEYS and UNIQ_KEY values are found in
 * the record's properties (recovery is the one place that re-parses) and indexed as the dispatcher would have.
 * Entries for records past a cut are not removed from their hash chains: lookups check every candidate against
 * its record, so they are dead weight until their file is deleted, never a wrong answer.
 *
 * <p>Single-threaded: recovery only.
 */
public final class IndexRebuild implements DerivedRebuild {
    private final MessageIndex index;
    private final long indexedEnd;
    private long rebuilt;

    /** Replays into {@code index} (loaded) every record at or past its indexed end. */
    public IndexRebuild(MessageIndex index) {
        this.index = Objects.requireNonNull(index, "index");
        this.indexedEnd = index.indexedEnd();
    }

    @Override
    public void onRecord(StoredRecord record, long physicalOffset) {
        if (physicalOffset < indexedEnd) {
            return;
        }
        PropertiesReader properties = record.properties();
        int keysOffset = 0;
        int keysLength = 0;
        int uniqueOffset = 0;
        int uniqueLength = 0;
        if (properties.find(PropertyNames.KEYS)) {
            keysOffset = properties.valueOffset();
            keysLength = properties.valueLength();
        }
        if (properties.find(PropertyNames.UNIQ_KEY)) {
            uniqueOffset = properties.valueOffset();
            uniqueLength = properties.valueLength();
        }
        if (keysLength > 0 || uniqueLength > 0) {
            rebuilt += index.put(record.topic(), record.buffer(), keysOffset, keysLength, uniqueOffset, uniqueLength,
                physicalOffset, record.totalSize(), record.storeTimestamp());
        }
    }

    @Override
    public long cutPast(long logEnd) {
        return 0;
    }

    @Override
    public long rebuilt() {
        return rebuilt;
    }
}
