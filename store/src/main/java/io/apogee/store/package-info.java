/**
 * The durable log of the broker, with no network: a commit log of mapped segments holding records in RocketMQ's
 * stored format ({@code file}, {@code commitlog}), consume queues of 20-byte units ({@code queue}) fed by the one
 * appender through a hand-over ring ({@code dispatch}), and reads that return zero-copy slices ({@code read}).
 * Records are written and read only through the layouts of {@code io.apogee.wire.message}. Users see
 * {@link io.apogee.store.MessageStore}'s operations and its {@link io.apogee.store.StoreStatistics} snapshot, never its
 * agents; the store runs them on its own threads. Which thread touches what is stated by each sub-package.
 */
package io.apogee.store;
