/**
 * Committed consumer offsets: the broker's persisted offset table as the pull processor and this package's offset
 * processor (query, update, max and min offsets, search by time) use it. Thread-safe.
 */
package io.apogee.broker.offset;
