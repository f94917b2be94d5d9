/**
 * The message index: hash-slot files mapping {@code topic#key} (each KEYS key and the UNIQ_KEY of a record) to
 * commit-log offsets with store times, for QUERY_MESSAGE and for VIEW_MESSAGE_BY_ID by unique key. Fed by the
 * dispatcher from the key ranges the appender found at append time; rebuilt by recovery past the checkpoint;
 * files deleted by retention once the log below them is gone.
 *
 * <p>Threads: the dispatcher writes; any thread looks up.
 */
package io.apogee.store.index;
