package io.apogee.wire.frame;

/** How a frame's header is serialized: the high byte of the frame's second int32. Immutable and thread-safe. */
public enum SerializeType {
    /** fastjson-style JSON text. */
    JSON(0),
    /** RocketMQ's own binary layout. */
    ROCKETMQ(1);

    private final byte code;

    SerializeType(int code) {
        this.code = (byte) code;
    }

    /** The type byte on the wire. */
    public byte code() {
        return code;
    }

    /** The type for a wire byte, or {@code null} if the byte names no known type. */
    public static SerializeType fromCode(int code) {
        return switch (code) {
            case 0 -> JSON;
            case 1 -> ROCKETMQ;
            default -> null;
        };
    }
}
