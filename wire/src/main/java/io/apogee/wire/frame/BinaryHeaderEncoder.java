package io.apogee.wire.frame;

import static io.apogee.wire.frame.BinaryHeaderLayout.CODE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.ENTRY_OVERHEAD;
import static io.apogee.wire.frame.BinaryHeaderLayout.EXT_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.FIXED_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.FLAG_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.KEY_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.LANGUAGE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.MAX_KEY_LENGTH;
import static io.apogee.wire.frame.BinaryHeaderLayout.OPAQUE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.REMARK_LENGTH_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.REMARK_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.VALUE_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.VERSION_OFFSET;

import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;

/**
 * Writes a {@link RemotingHeader} in the ROCKETMQ binary layout ({@link BinaryHeaderLayout}), byte for byte as
 * RocketMQ 5.4.0's {@code RocketMQSerializable} does. Stateless and thread-safe; measuring and writing allocate
 * nothing. A null or empty remark as length 0, ext entries in
 * {@link ExtFields} order with null values skipped, and an ext length of 0 when no entry is left.
 *
 * <p>What the layout cannot carry is refused rather than mangled: a code or version outside the int16 range (the
 * POP codes 200xxx, for one), a null language, or a key longer than 32767 bytes. {@link #canEncode} answers
 * whether a header fits; {@link #measure} and {@link #write} throw {@link IllegalArgumentException} telling the
 * caller to send the frame as {@link SerializeType#JSON} instead, which carries all of these.
 */
public final class BinaryHeaderEncoder {
    private BinaryHeaderEncoder() {
    }

    /** True if the binary layout can carry {@code header}: int16 code and version, a language, short keys. */
    public static boolean canEncode(RemotingHeader header) {
        return problem(header) == null;
    }

    /**
     * The exact number of bytes {@link #write} produces for {@code header}.
     *
     * @throws IllegalArgumentException if the binary layout cannot carry the header (see {@link #canEncode})
     */
    public static int measure(RemotingHeader header) {
        int size = FIXED_SIZE + remarkLength(header);
        ExtFields ext = header.ext();
        int longestKey = 0;
        for (int i = 0; i < ext.size(); i++) {
            longestKey = Math.max(longestKey, ext.keyLength(i));
            if (!ext.isNull(i)) {
                size += ENTRY_OVERHEAD + ext.keyLength(i) + ext.valueLength(i);
            }
        }
        String problem = longestKey > MAX_KEY_LENGTH ? problem(header) : fixedFieldProblem(header);
        if (problem != null) {
            throw new IllegalArgumentException("the binary (ROCKETMQ) header cannot carry " + problem + "; encode this frame as JSON");
        }
        return size;
    }

    /**
     * Writes {@code header} at absolute {@code index} of {@code target}; returns the bytes written ({@link #measure}).
     *
     * @throws IllegalArgumentException if the binary layout cannot carry the header (see {@link #canEncode})
     */
    public static int write(RemotingHeader header, ByteBuffer target, int index) {
        return writeMeasured(header, measure(header), target, index);
    }

    /** {@link #write} for a caller that has just {@link #measure measured} the header as {@code size} bytes. */
    static int writeMeasured(RemotingHeader header, int size, ByteBuffer target, int index) {
        target.putShort(index + CODE_OFFSET, (short) header.code());
        target.put(index + LANGUAGE_OFFSET, header.language().code());
        target.putShort(index + VERSION_OFFSET, (short) header.version());
        target.putInt(index + OPAQUE_OFFSET, header.opaque());
        target.putInt(index + FLAG_OFFSET, header.flag());
        int remarkLength = remarkLength(header);
        target.putInt(index + REMARK_LENGTH_OFFSET, remarkLength);
        int at = index + REMARK_OFFSET;
        if (remarkLength > 0) {
            at += Utf8.encode(header.remark(), target, at);
        }
        int extLengthAt = at;
        at += EXT_LENGTH_SIZE;
        ExtFields ext = header.ext();
        byte[] bytes = ext.array();
        for (int i = 0; i < ext.size(); i++) {
            if (ext.isNull(i)) {
                continue;
            }
            int keyLength = ext.keyLength(i);
            int valueLength = ext.valueLength(i);
            target.putShort(at, (short) keyLength);
            at += KEY_LENGTH_SIZE;
            target.put(at, bytes, ext.keyOffset(i), keyLength);
            at += keyLength;
            target.putInt(at, valueLength);
            at += VALUE_LENGTH_SIZE;
            target.put(at, bytes, ext.valueOffset(i), valueLength);
            at += valueLength;
        }
        target.putInt(extLengthAt, at - extLengthAt - EXT_LENGTH_SIZE);
        return size;
    }

    private static int remarkLength(RemotingHeader header) {
        return header.remark() == null ? 0 : Utf8.encodedLength(header.remark());
    }

    /** What the layout cannot carry, or null if it carries everything. Allocates only when there is a problem. */
    private static String problem(RemotingHeader header) {
        String problem = fixedFieldProblem(header);
        if (problem != null) {
            return problem;
        }
        ExtFields ext = header.ext();
        for (int i = 0; i < ext.size(); i++) {
            if (ext.keyLength(i) > MAX_KEY_LENGTH) {
                return keyProblem(ext.keyLength(i));
            }
        }
        return null;
    }

    /** What the code, version or language field cannot carry, or null. */
    private static String fixedFieldProblem(RemotingHeader header) {
        if (!BinaryHeaderLayout.fitsInt16(header.code())) {
            return "code " + header.code() + " (an int16 field)";
        }
        if (!BinaryHeaderLayout.fitsInt16(header.version())) {
            return "version " + header.version() + " (an int16 field)";
        }
        if (header.language() == null) {
            return "a null language (a one-byte code)";
        }
        return null;
    }

    private static String keyProblem(int keyLength) {
        return "an ext key of " + keyLength + " bytes (an int16 length)";
    }
}
