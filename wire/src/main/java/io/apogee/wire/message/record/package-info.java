/**
 * The stored message record (docs/protocol.md §4.4): the commit-log record, which is also what PULL, QUERY and VIEW
 * responses carry. {@link io.apogee.wire.message.record.StoredRecord} owns the layout and reads it in place,
 * {@link io.apogee.wire.message.record.StoredRecordWriter} writes a whole record in place, and
 * {@link io.apogee.wire.message.record.RecordValidator} checks a record for recovery and for untrusted input,
 * telling a torn tail ({@link io.apogee.wire.message.record.RecordStatus#TRUNCATED}) apart from corruption.
 * Flyweights, writers and validators are per thread; the static layout helpers are safe for any thread.
 */
package io.apogee.wire.message.record;
