/**
 * Committed consumer offsets: the store's persisted offset table as the offset and pull processors use it.
 * Thread-safe.
 */
package io.apogee.broker.offset;
