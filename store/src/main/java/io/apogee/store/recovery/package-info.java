/**
 * Recovery: the checkpoint file and its writer agent, the running marker that tells a crash from a clean close,
 * and the one place that reads records back from the commit log: after a crash it validates the log past the
 * checkpoint record by record, cuts a torn or damaged tail, and rebuilds the consume queues and the message
 * index from what survives. Damage in the middle of the log is reported with its offset.
 *
 * <p>Threads: recovery runs once on the opening thread before any agent; the checkpointer is an agent on the
 * housekeeping thread.
 */
package io.apogee.store.recovery;
