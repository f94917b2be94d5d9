package io.apogee.wire.frame;

/**
 * The byte layout of the remoting frame envelope, identical in both directions and for both header
 * serializations. Every number is a big-endian int32. Constants and pure functions only; thread-safe.
 *
 * <pre>
 *  0               4   5               8                       8 + headerLength
 *  +---------------+---+---------------+-----------------------+----------------------+
 *  | frameLength   | T | headerLength  | header                | body                 |
 *  +---------------+---+---------------+-----------------------+----------------------+
 *   int32            int32: T = serializeType &lt;&lt; 24 | headerLength (24 bits, unsigned)
 *
 *  frameLength = 4 + headerLength + bodyLength   (counts everything after itself)
 *  bodyLength  = frameLength - 4 - headerLength  (0 means no body)
 * </pre>
 *
 * <p>The maximum frame size, as in RocketMQ's {@code NettyDecoder}, counts the 4 length bytes too: the default
 * {@value #DEFAULT_MAX_FRAME_SIZE} bytes allow a {@code frameLength} of at most 16777212.
 */
public final class FrameLayout {
    /** Offset of {@code frameLength}. */
    public static final int FRAME_LENGTH_OFFSET = 0;
    /** Size of {@code frameLength}. */
    public static final int FRAME_LENGTH_SIZE = Integer.BYTES;
    /** Offset of the word holding the serialize type and the header length. */
    public static final int TYPE_AND_HEADER_LENGTH_OFFSET = FRAME_LENGTH_OFFSET + FRAME_LENGTH_SIZE;
    /** Size of the serialize-type and header-length word. */
    public static final int TYPE_AND_HEADER_LENGTH_SIZE = Integer.BYTES;
    /** Offset of the first header byte. */
    public static final int HEADER_OFFSET = TYPE_AND_HEADER_LENGTH_OFFSET + TYPE_AND_HEADER_LENGTH_SIZE;
    /** Bytes before the header: the length prefix and the type word. */
    public static final int PREFIX_SIZE = HEADER_OFFSET;
    /** The smallest valid {@code frameLength}: room for the type word and nothing else. */
    public static final int MIN_FRAME_LENGTH = TYPE_AND_HEADER_LENGTH_SIZE;
    /** Shift of the serialize-type byte inside the type word. */
    public static final int SERIALIZE_TYPE_SHIFT = 24;
    /** Mask of the serialize-type byte once shifted down. */
    public static final int SERIALIZE_TYPE_MASK = 0xFF;
    /** Mask of the header length inside the type word. */
    public static final int HEADER_LENGTH_MASK = 0xFF_FFFF;
    /** The largest header the 24-bit length can describe. */
    public static final int MAX_HEADER_LENGTH = HEADER_LENGTH_MASK;
    /** RocketMQ's default frame limit, 16 MiB, the 4 length bytes included. */
    public static final int DEFAULT_MAX_FRAME_SIZE = 16 * 1024 * 1024;

    private FrameLayout() {
    }

    /** The type word for a header of {@code headerLength} bytes in serialization {@code type}. */
    public static int typeAndHeaderLength(SerializeType type, int headerLength) {
        return (type.code() & SERIALIZE_TYPE_MASK) << SERIALIZE_TYPE_SHIFT | (headerLength & HEADER_LENGTH_MASK);
    }

    /** The serialize-type byte of a type word, unsigned. */
    public static int serializeTypeCode(int typeAndHeaderLength) {
        return typeAndHeaderLength >>> SERIALIZE_TYPE_SHIFT & SERIALIZE_TYPE_MASK;
    }

    /** The header length of a type word. */
    public static int headerLength(int typeAndHeaderLength) {
        return typeAndHeaderLength & HEADER_LENGTH_MASK;
    }
}
