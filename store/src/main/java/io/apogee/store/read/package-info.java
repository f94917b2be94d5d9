/**
 * Reads for PULL: up to N messages or M bytes from a queue offset, filtered by tag hash, returned as
 * reference-counted zero-copy views of the mapped commit log with the status, next offset and queue bounds that
 * PULL answers with; and scans of a queue's units in place ({@link io.apogee.store.read.UnitScan}).
 *
 * <p>Threads: any thread reads; a {@link io.apogee.store.read.ReadResult} belongs to the thread using it and is
 * reused across reads.
 */
package io.apogee.store.read;
