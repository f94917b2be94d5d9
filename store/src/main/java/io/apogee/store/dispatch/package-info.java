/**
 * The hand-over from the appender to the dispatcher: a preallocated single-producer, single-consumer ring of
 * {@link io.apogee.store.dispatch.DispatchEntry}s describing each record just written (where it is, its size, tag
 * hash, store time, queue and queue offset, where its keys are), and the dispatcher agent that adds their keys to
 * the message index and forces the consume queues they went to, in batches, without ever re-parsing a record.
 *
 * <p>Threads: the holder of the appender's write turn fills and publishes entries; the dispatcher reads them and
 * owns the index writes and the consume queues' forces.
 */
package io.apogee.store.dispatch;
