package io.apogee.wire.message.id;

import io.apogee.wire.message.HostAddress;
import java.time.ZoneId;

/**
 * Reads a UNIQ_KEY back (layout in {@link UniqueKeyGenerator}), as RocketMQ's {@code MessageClientIDSetter} does.
 * Stateless and safe for any thread.
 */
public final class UniqueKey {
    /** Characters of a key made on a host with IPv4. */
    public static final int IPV4_KEY_LENGTH = (HostAddress.IPV4_ADDRESS_LENGTH + Short.BYTES + Integer.BYTES + Integer.BYTES
        + Short.BYTES) * Hex.DIGITS_PER_BYTE;
    /** Characters of a key made on a host with IPv6 only. */
    public static final int IPV6_KEY_LENGTH = (HostAddress.IPV6_ADDRESS_LENGTH + Short.BYTES + Integer.BYTES + Integer.BYTES
        + Short.BYTES) * Hex.DIGITS_PER_BYTE;
    /** Returned for a key that is not 32 or 56 hex characters. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final long UNSIGNED_INT_MASK = 0xFFFF_FFFFL;

    private UniqueKey() {
    }

    /** True when {@code key} is 32 or 56 hex characters. */
    public static boolean isWellFormed(CharSequence key) {
        int length = key.length();
        if (length != IPV4_KEY_LENGTH && length != IPV6_KEY_LENGTH) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Hex.value(key.charAt(i)) == Hex.INVALID) {
                return false;
            }
        }
        return true;
    }

    /**
     * When the key was made, nearly ({@code MessageClientIDSetter.getNearlyTimeFromID}): the start of the month
     * of {@code nowMillis} plus the key's millisecond field, or of the month before if that would not be in the
     * past. Returns {@link #INVALID} for a malformed key.
     */
    public static long nearlyCreationTime(CharSequence key, long nowMillis, ZoneId zone) {
        if (!isWellFormed(key)) {
            return INVALID;
        }
        int ipLength = key.length() == IPV6_KEY_LENGTH ? HostAddress.IPV6_ADDRESS_LENGTH : HostAddress.IPV4_ADDRESS_LENGTH;
        int spanAt = (ipLength + Short.BYTES + Integer.BYTES) * Hex.DIGITS_PER_BYTE;
        long span = 0;
        for (int i = 0; i < Integer.BYTES; i++) {
            span = span << Byte.SIZE | Hex.byteAt(key, spanAt + i * Hex.DIGITS_PER_BYTE);
        }
        span &= UNSIGNED_INT_MASK;
        MonthWindow month = MonthWindow.containing(nowMillis, zone);
        if (month.start() + span >= nowMillis) {
            month = month.previous(zone);
        }
        return month.start() + span;
    }

    /** The process id field of a well-formed key (0..65535). */
    public static int pid(CharSequence key) {
        int ipLength = key.length() == IPV6_KEY_LENGTH ? HostAddress.IPV6_ADDRESS_LENGTH : HostAddress.IPV4_ADDRESS_LENGTH;
        int at = ipLength * Hex.DIGITS_PER_BYTE;
        return Hex.byteAt(key, at) << Byte.SIZE | Hex.byteAt(key, at + Hex.DIGITS_PER_BYTE);
    }
}
