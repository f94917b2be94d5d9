package io.apogee.wire.frame;

/**
 * Why {@link FrameDecoder} decoded a well-formed header only in part: it is over a configured limit, so the ext fields
 * past the limit (or all of them, and the remark) were skipped rather than stored. The code, flag and opaque are
 * always read, so the request can be answered with an error naming the limit.
 */
public enum HeaderRefusal {
    /** The header was decoded whole. */
    NONE,
    /** The header is longer than the decoder's maximum header size: only its fixed fields were kept. */
    HEADER_TOO_LARGE,
    /** The header holds more ext fields than the decoder's maximum: those past it were skipped. */
    TOO_MANY_EXT_FIELDS
}
