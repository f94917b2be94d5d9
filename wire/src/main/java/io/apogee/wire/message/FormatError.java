package io.apogee.wire.message;

/**
 * Why a message layout could not be read: the reason carried by {@link MessageFormatException}. Immutable and
 * safe for any thread.
 */
public enum FormatError {
    /** The input ends inside a record or entry: fewer bytes than its lengths promise. */
    TRUNCATED("input ends inside the record"),
    /** The magic code is not a message magic code. */
    BAD_MAGIC("unknown magic code"),
    /** The total size field is below the smallest possible record or above the configured maximum. */
    BAD_TOTAL_SIZE("total size out of range"),
    /** A body, topic or properties length field is negative. */
    NEGATIVE_LENGTH("negative length field"),
    /** The total size disagrees with the sum of the fields it contains. */
    LENGTH_MISMATCH("total size disagrees with the field lengths"),
    /** The body CRC field disagrees with the CRC-32 of the body. */
    BAD_BODY_CRC("body CRC mismatch"),
    /** The sysflag names a compression type RocketMQ does not define. */
    UNKNOWN_COMPRESSION("unknown compression type"),
    /** A compressed body does not decompress. */
    CORRUPT_COMPRESSED_BODY("compressed body is corrupt"),
    /** A decompressed body would exceed the caller's limit. */
    BODY_TOO_LARGE("decompressed body exceeds the limit");

    private final String description;

    FormatError(String description) {
        this.description = description;
    }

    /** A short human-readable description. */
    public String description() {
        return description;
    }
}
