/**
 * Retention and disk space: the watch that refuses appends when the disk passes a usage ratio (and, later, the
 * deletion of expired segments).
 *
 * <p>Threads: each agent here runs on the housekeeping thread; the flags it publishes are read by the appender.
 */
package io.apogee.store.retention;
