package io.apogee.store.recovery;

/**
 * A structure derived from the commit log (consume queues, message index) that recovery brings back in line:
 * it is shown every valid record past the checkpoint, then told where the log ends.
 *
 * <p>Called on the recovering thread only.
 */
public interface DerivedRebuild extends RecordVisitor {
    /** Drops whatever refers to records at or past {@code logEnd}; returns how many entries were dropped. */
    long cutPast(long logEnd);

    /** Entries written during the replay. */
    long rebuilt();
}
