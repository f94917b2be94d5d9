package io.apogee.wire.header;

import io.apogee.wire.frame.ExtFields;

/**
 * Which end of a run of equal store timestamps SEARCH_OFFSET_BY_TIMESTAMP answers with: the first offset stored at
 * or after the time ({@link #LOWER}, also when absent) or the last one stored at or before it ({@link #UPPER}).
 * Sent as the constant's name; read case-insensitively, anything but "upper" meaning LOWER, as RocketMQ does.
 * Immutable, so safe for any thread.
 */
public enum BoundaryType {
    /** The first offset whose store time is at or after the timestamp. */
    LOWER,
    /** The last offset whose store time is at or before the timestamp. */
    UPPER;

    private static final String UPPER_TEXT = "upper";

    /** Reads entry {@code index}: UPPER if it says "upper" in any case, else LOWER. */
    static BoundaryType parse(ExtFields ext, int index) {
        if (ext.valueLength(index) != UPPER_TEXT.length()) {
            return LOWER;
        }
        for (int i = 0; i < UPPER_TEXT.length(); i++) {
            if (Character.toLowerCase(ext.buffer().get(ext.valueOffset(index) + i)) != UPPER_TEXT.charAt(i)) {
                return LOWER;
            }
        }
        return UPPER;
    }
}
