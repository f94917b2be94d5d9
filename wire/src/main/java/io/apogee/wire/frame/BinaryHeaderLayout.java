package io.apogee.wire.frame;

/**
 * The byte layout of the ROCKETMQ (binary) header serialization. Big-endian; strings are UTF-8. Constants and pure
 * functions only; thread-safe.
 *
 * <pre>
 *  0      2  3      5          9          13              17                17 + r          21 + r
 *  +------+--+------+----------+----------+---------------+-----------------+---------------+-----------+
 *  | code |L | ver  | opaque   | flag     | remarkLength r| remark          | extLength e   | entries   |
 *  +------+--+------+----------+----------+---------------+-----------------+---------------+-----------+
 *   int16  u8 int16  int32      int32      int32           r bytes           int32           e bytes
 *
 *  entry:  +-----------+-----------+---------------+-------------+
 *          | keyLength | key       | valueLength   | value       |
 *          +-----------+-----------+---------------+-------------+
 *            int16       k bytes     int32           v bytes
 * </pre>
 *
 * <p>RocketMQ's rules: a remark or value length of 0 means null; an ext length of 0 means no ext fields; a remark
 * or ext length larger than the header length is rejected; entries whose key or value is null are not written.
 * Code and version are int16, so values outside [-32768, 32767] cannot be carried (RocketMQ truncates them).
 * The fixed part, without remark and ext bytes, is {@value #FIXED_SIZE} bytes.
 */
public final class BinaryHeaderLayout {
    /** Offset of the int16 code. */
    public static final int CODE_OFFSET = 0;
    /** Offset of the uint8 language code. */
    public static final int LANGUAGE_OFFSET = CODE_OFFSET + Short.BYTES;
    /** Offset of the int16 version. */
    public static final int VERSION_OFFSET = LANGUAGE_OFFSET + Byte.BYTES;
    /** Offset of the int32 opaque. */
    public static final int OPAQUE_OFFSET = VERSION_OFFSET + Short.BYTES;
    /** Offset of the int32 flag. */
    public static final int FLAG_OFFSET = OPAQUE_OFFSET + Integer.BYTES;
    /** Offset of the int32 remark length. */
    public static final int REMARK_LENGTH_OFFSET = FLAG_OFFSET + Integer.BYTES;
    /** Offset of the remark bytes; the ext length follows them. */
    public static final int REMARK_OFFSET = REMARK_LENGTH_OFFSET + Integer.BYTES;
    /** Size of the ext length that follows the remark. */
    public static final int EXT_LENGTH_SIZE = Integer.BYTES;
    /** Size of the header without remark and ext bytes. */
    public static final int FIXED_SIZE = REMARK_OFFSET + EXT_LENGTH_SIZE;
    /** Size of an entry's key length. */
    public static final int KEY_LENGTH_SIZE = Short.BYTES;
    /** Size of an entry's value length. */
    public static final int VALUE_LENGTH_SIZE = Integer.BYTES;
    /** Size of an entry without its key and value bytes. */
    public static final int ENTRY_OVERHEAD = KEY_LENGTH_SIZE + VALUE_LENGTH_SIZE;
    /** The largest key the int16 key length can carry. */
    public static final int MAX_KEY_LENGTH = Short.MAX_VALUE;
    /** Mask that reads the language byte as unsigned. */
    public static final int LANGUAGE_MASK = 0xFF;

    private BinaryHeaderLayout() {
    }

    /** True if {@code value} survives the int16 code or version field. */
    public static boolean fitsInt16(int value) {
        return value >= Short.MIN_VALUE && value <= Short.MAX_VALUE;
    }
}
