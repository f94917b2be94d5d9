package io.apogee.wire.message.compress;

import io.apogee.wire.message.MessageSysFlag;

/**
 * The compression types of the sysflag's bits 8-10 ({@code CompressionType} in RocketMQ). Type value 0 is read as
 * zlib, for bodies written by 4.x producers, which set only COMPRESSED. Immutable; safe for any thread.
 */
public enum CompressionType {
    /** LZ4 frame format (type value 1). */
    LZ4(1),
    /** Zstandard (type value 2). */
    ZSTD(2),
    /** zlib, RFC 1950 (type value 3; also 0). */
    ZLIB(3);

    private static final int LEGACY_ZLIB = 0;

    private final int value;

    CompressionType(int value) {
        this.value = value;
    }

    /** The type value in bits 8-10 of the sysflag. */
    public int value() {
        return value;
    }

    /** The type bits to OR into a sysflag. */
    public int sysFlagBits() {
        return value << MessageSysFlag.COMPRESSION_SHIFT;
    }

    /** The type of a type value (0 and 3 are zlib), or null for a value RocketMQ does not define. */
    public static CompressionType ofValue(int value) {
        return switch (value) {
            case LEGACY_ZLIB -> ZLIB;
            case 1 -> LZ4;
            case 2 -> ZSTD;
            case 3 -> ZLIB;
            default -> null;
        };
    }

    /** The type a sysflag names, or null for an undefined one. Meaningful when the COMPRESSED bit is set. */
    public static CompressionType fromSysFlag(int sysFlag) {
        return ofValue(MessageSysFlag.compressionType(sysFlag));
    }
}
