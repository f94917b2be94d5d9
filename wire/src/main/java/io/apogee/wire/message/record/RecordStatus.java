package io.apogee.wire.message.record;

import io.apogee.wire.message.FormatError;

/**
 * What {@link RecordValidator#check} found at an offset. Recovery treats {@link #TRUNCATED} as a torn tail (the
 * bytes end before the record does), {@link #EMPTY} as the unwritten rest of a file, {@link #BLANK} as the end
 * padding of a file, and every {@linkplain #isCorrupt() corrupt} status as damage. Immutable; safe for any thread.
 */
public enum RecordStatus {
    /** A well-formed message record. */
    VALID(null),
    /** The blank record that pads the end of a commit-log file. */
    BLANK(null),
    /** Size and magic are zero: nothing was ever written here. */
    EMPTY(null),
    /** The bytes end before the record does: a torn tail, or more bytes are needed. */
    TRUNCATED(FormatError.TRUNCATED),
    /** The magic code is neither a message nor the blank magic. */
    BAD_MAGIC(FormatError.BAD_MAGIC),
    /** The total size is below the smallest record or above the maximum. */
    BAD_TOTAL_SIZE(FormatError.BAD_TOTAL_SIZE),
    /** A body, topic or properties length is negative. */
    NEGATIVE_LENGTH(FormatError.NEGATIVE_LENGTH),
    /** The total size disagrees with the sum of the fields. */
    LENGTH_MISMATCH(FormatError.LENGTH_MISMATCH),
    /** The body CRC field disagrees with the body. */
    BAD_BODY_CRC(FormatError.BAD_BODY_CRC);

    private final FormatError error;

    RecordStatus(FormatError error) {
        this.error = error;
    }

    /** True for damage: anything but a valid record, a blank, an empty slot or a torn tail. */
    public boolean isCorrupt() {
        return error != null && this != TRUNCATED;
    }

    /** The matching {@link FormatError}, or null for {@link #VALID}, {@link #BLANK} and {@link #EMPTY}. */
    public FormatError error() {
        return error;
    }
}
