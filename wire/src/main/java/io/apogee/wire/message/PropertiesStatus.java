package io.apogee.wire.message;

/**
 * The result of a strict check of a properties string ({@link PropertiesReader#check()}). RocketMQ's own parser
 * silently drops a bad entry; a strict caller can use this to reject it instead. Immutable; safe for any thread.
 */
public enum PropertiesStatus {
    /** Every entry is {@code name 0x01 value 0x02} with a non-empty name and value. */
    VALID,
    /** An entry has no 0x01 between name and value (RocketMQ drops it). */
    MISSING_NAME_VALUE_SEPARATOR,
    /** An entry has an empty name (RocketMQ drops it). */
    EMPTY_NAME,
    /** An entry has an empty value (RocketMQ drops it). */
    EMPTY_VALUE,
    /** The last entry is not terminated by 0x02 (RocketMQ reads it anyway). */
    MISSING_PROPERTY_SEPARATOR
}
