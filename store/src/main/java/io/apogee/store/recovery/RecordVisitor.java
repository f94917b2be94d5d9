package io.apogee.store.recovery;

import io.apogee.wire.message.record.StoredRecord;

/**
 * Told about each valid record recovery reads back from the commit log, to rebuild what derives from it.
 *
 * <p>Called on the recovering thread only, before any agent runs.
 */
@FunctionalInterface
public interface RecordVisitor {
    /** The record at {@code physicalOffset}, valid (magic, sizes and body CRC checked); the flyweight is reused. */
    void onRecord(StoredRecord record, long physicalOffset);
}
