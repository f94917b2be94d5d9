package io.apogee.cli.store;

import io.apogee.wire.message.record.StoredRecord;

/**
 * Told about each record {@link LogWalk} finds whose framing is intact.
 *
 * <p>Called on the walking thread.
 */
@FunctionalInterface
interface LogListener {
    /**
     * The record at {@code offset}; the flyweight is reused for the next one.
     *
     * @param bodyIntact whether its body matches its body CRC
     * @return false to stop the walk
     */
    boolean onRecord(StoredRecord record, long offset, boolean bodyIntact);
}
