package io.apogee.store.commitlog;

import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.TagsCode;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;

/**
 * Reads, once and at append time, what the dispatcher needs from a record the appender has just written: one
 * pass over its properties finds the TAGS value (for the consume-queue tags code) and where the KEYS and
 * UNIQ_KEY values lie (for the message index), relative to the record's first byte. Everything is read in place
 * through {@link StoredRecord} and {@link PropertiesReader}; nothing is allocated.
 *
 * <p>Single-threaded: owned by the appender.
 */
final class RecordInspector {
    private final StoredRecord record = new StoredRecord();
    private final TagsCodeRule rule;

    RecordInspector(TagsCodeRule rule) {
        this.rule = rule;
    }

    /**
     * Fills {@code entry} from the record at absolute {@code position} of {@code buffer}: the tags code by the
     * store's {@link TagsCodeRule} (the one recovery uses too), and where the KEYS and UNIQ_KEY values are.
     */
    void inspect(ByteBuffer buffer, int position, DispatchEntry entry) {
        PropertiesReader properties = record.wrap(buffer, position).properties();
        long tagHash = TagsCode.NO_TAGS;
        while (properties.next()) {
            if (properties.nameEquals(PropertyNames.TAGS)) {
                tagHash = TagsCode.of(buffer, properties.valueOffset(), properties.valueLength());
            } else if (properties.nameEquals(PropertyNames.KEYS)) {
                entry.keys(properties.valueOffset() - position, properties.valueLength());
            } else if (properties.nameEquals(PropertyNames.UNIQ_KEY)) {
                entry.uniqueKey(properties.valueOffset() - position, properties.valueLength());
            }
        }
        entry.tagsCode(rule.tagsCode(record, tagHash));
    }
}
