/**
 * The commit log: the appender, which takes producers' requests from a preallocated many-to-one ring and writes them
 * by flat combining (whoever holds the write turn writes every waiting request: in a running store usually the
 * submitting thread itself, its own request alone), assigns physical offsets, queue offsets and the store time, has
 * each request describe its records into one writer, writes them (rolling to the next segment with RocketMQ's BLANK
 * padding), writes their consume-queue units, hands each record to the dispatcher, and completes the callers; and
 * one flusher agent that forces the log, periodically (ASYNC) or before completing each caller (SYNC, group commit:
 * one force covers every record written before it). A single record goes through
 * {@link io.apogee.store.commitlog.SingleRecordAppend}. A replica takes a master's bytes as they are through
 * {@link io.apogee.store.commitlog.ReplicaAppend}, under the same turn; a master lends its bytes out as a
 * {@link io.apogee.store.commitlog.LogSlice}.
 *
 * <p>Threads: any thread submits; the holder of the write turn alone writes the log, its positions and the consume
 * queues; the flusher alone forces the log; completions run on the turn's holder (ASYNC) or the flusher (SYNC).
 */
package io.apogee.store.commitlog;
