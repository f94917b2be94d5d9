package io.apogee.streams.log;

/** Where a reader starts in a stream, as a subscription's offset specification names it. Immutable. */
public enum OffsetStart {
    /** The first chunk stored. */
    FIRST,
    /** The last chunk stored. */
    LAST,
    /** The next chunk to be stored. */
    NEXT,
    /** The chunk holding a given offset. */
    OFFSET,
    /** The first chunk stored at or after a given time. */
    TIMESTAMP
}
