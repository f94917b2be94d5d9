package io.apogee.wire.frame;

/**
 * What is wrong with a corrupt frame: the kind carried by every {@link CorruptFrameException}, so a transport
 * can count and log corrupt frames by cause. Immutable and thread-safe.
 *
 * <p>Every kind means the same thing to the peer: RocketMQ closes the connection on any of them, and so should we.
 */
public enum FrameError {
    /** The frame length (the first int32) is negative. */
    NEGATIVE_FRAME_LENGTH,
    /** The frame length is below 4, too small for the serialize-type and header-length word. */
    FRAME_TOO_SHORT,
    /** The frame, its 4 length bytes included, is larger than the configured maximum. */
    FRAME_TOO_LONG,
    /** The header length exceeds the frame length minus the 4 bytes of the serialize-type word. */
    HEADER_LENGTH_BEYOND_FRAME,
    /** The serialize-type byte is neither JSON (0) nor ROCKETMQ (1). */
    UNKNOWN_SERIALIZE_TYPE,
    /** The header ends inside a field: a fixed-size binary field, or a JSON value, string or object. */
    HEADER_TRUNCATED,
    /** A binary length field is negative, larger than the header, or runs past the region that holds it. */
    FIELD_LENGTH_OUT_OF_RANGE,
    /** Bytes follow the end of the header's content (after the JSON object, or after the binary ext fields). */
    TRAILING_BYTES,
    /** JSON syntax error: a character that cannot appear where it does. */
    MALFORMED_JSON,
    /** A JSON backslash escape other than {@code \" \\ \/ \b \f \n \r \t} and {@code \}{@code uXXXX}. */
    BAD_ESCAPE,
    /** JSON text that is not well-formed UTF-8 (stray continuation bytes, overlong forms, surrogates, beyond U+10FFFF). */
    INVALID_UTF8,
    /** A JSON number that is malformed, or does not fit its field (an int overflow, a fraction where an int belongs). */
    BAD_NUMBER,
    /**
     * A known header key holds a JSON type it cannot take ({@code "code":{}}, {@code extFields} as an array, an
     * object as an ext value), or a language ordinal that names no language.
     */
    BAD_VALUE_TYPE,
    /** JSON values nested deeper than the decoder allows. */
    NESTING_TOO_DEEP
}
