package io.apogee.store.recovery;

/**
 * How the commit log ended when recovery scanned it.
 *
 * <p>Immutable; safe for any thread.
 */
public enum TailState {
    /** The scan was skipped: the last run closed cleanly and the checkpoint gives the end. */
    CLEAN_SHUTDOWN,
    /** The log ends at unwritten space: nothing was cut. */
    INTACT,
    /** The last record was only partly there (a torn write): it was cut. */
    TORN,
    /** The last records were damaged (bad magic, sizes or CRC) with nothing intact after them: they were cut. */
    CORRUPT_TAIL
}
