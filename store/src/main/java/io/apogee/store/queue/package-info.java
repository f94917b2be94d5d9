/**
 * Consume queues: per (topic, queue id), files of 20-byte units saying where each message of the queue lives in
 * the commit log, its size and its tag hash, so that a pull reads a queue without scanning the log. Also the
 * table of all queues and the per-queue waiters of long polling.
 *
 * <p>Threads: a queue's units are written, and its next queue offset assigned, only by the holder of the appender's
 * write turn; readers on any thread read units up to the published max offset and register waiters.
 */
package io.apogee.store.queue;
