package io.apogee.wire.message.record;

/** Whether the fields given to a {@link StoredRecordWriter} fit the record layout. Immutable; safe for any thread. */
public enum SizeCheck {
    /** The record can be written; {@link StoredRecordWriter#recordSize()} is its size. */
    FITS,
    /** The topic is longer than the 32767 bytes a V2 record can hold (the broker's own limits are lower). */
    TOPIC_TOO_LONG,
    /** The properties are longer than 32767 bytes ({@code PROPERTIES_SIZE_EXCEEDED} in RocketMQ). */
    PROPERTIES_TOO_LONG,
    /** The whole record would exceed the int32 total size. */
    RECORD_TOO_LARGE
}
