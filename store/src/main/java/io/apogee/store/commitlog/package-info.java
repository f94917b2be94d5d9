/**
 * The commit log: one appender agent that takes producers' requests from a preallocated many-to-one ring, assigns
 * physical offsets, queue offsets and the store time, has each request describe its records into the appender's
 * one writer and writes every waiting record in one duty cycle (rolling to
 * the next segment with RocketMQ's BLANK padding), hands each record to the dispatcher, and completes the
 * callers; and one flusher agent that forces the log, periodically (ASYNC) or before completing each caller
 * (SYNC, group commit: one force covers every record written before it). A single record goes through
 * {@link io.apogee.store.commitlog.SingleRecordAppend}.
 *
 * <p>Threads: any thread submits; the appender alone writes the log and its positions; the flusher alone forces
 * it; completions run on the appender (ASYNC) or the flusher (SYNC).
 */
package io.apogee.store.commitlog;
