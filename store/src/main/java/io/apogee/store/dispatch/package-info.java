/**
 * The hand-over from the appender to the dispatcher: a preallocated single-producer, single-consumer ring of
 * {@link io.apogee.store.dispatch.DispatchEntry}s describing each record just written (where it is, its size, tag
 * hash, store time, queue and queue offset, where its keys are), and the dispatcher agent that turns them into
 * consume-queue units and wakes long-polling waiters, without ever re-parsing a record.
 *
 * <p>Threads: the appender fills and publishes entries; the dispatcher reads them and owns every consume queue's
 * writes.
 */
package io.apogee.store.dispatch;
