package io.apogee.wire.message.batch;

/** The outcome of measuring or encoding a batch body. Immutable; safe for any thread. */
public enum EncodeStatus {
    /** Measured or written; {@link BatchBodyEncoder#length()} holds the size. */
    OK,
    /** A message's properties exceed the 32767 bytes the int16 length can describe. */
    PROPERTIES_TOO_LONG,
    /** The whole body would exceed the encoder's maximum length. */
    TOO_LARGE,
    /** The destination has fewer bytes left than the body needs; nothing was written. */
    BUFFER_TOO_SMALL
}
