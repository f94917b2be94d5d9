package io.apogee.wire.frame;

import static io.apogee.wire.frame.BinaryHeaderLayout.CODE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.ENTRY_OVERHEAD;
import static io.apogee.wire.frame.BinaryHeaderLayout.EXT_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.FLAG_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.KEY_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.LANGUAGE_MASK;
import static io.apogee.wire.frame.BinaryHeaderLayout.LANGUAGE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.OPAQUE_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.REMARK_LENGTH_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.REMARK_OFFSET;
import static io.apogee.wire.frame.BinaryHeaderLayout.VALUE_LENGTH_SIZE;
import static io.apogee.wire.frame.BinaryHeaderLayout.VERSION_OFFSET;

import io.apogee.common.text.Utf8;
import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;

/**
 * Reads the ROCKETMQ binary header ({@link BinaryHeaderLayout}) into a reusable {@link RemotingHeader}, allocating
 * nothing unless the header carries a remark. Stateless and thread-safe; it writes only into the header it is given.
 * Ext keys and values are copied into {@link ExtFields} in wire order,
 * duplicates kept; a value of length 0 is null and a key of length 0 is an empty key (RocketMQ's null key).
 *
 * <p>Stricter than RocketMQ, which reads past a short header into the body: every field must lie inside the
 * header, lengths must be non-negative and fit what is left of their region, the entries must fill the ext length
 * exactly, and the ext fields must end the header. Text is not checked for UTF-8 here: the lengths delimit it, and
 * RocketMQ reads malformed bytes as U+FFFD. An unknown language byte reads as null.
 */
public final class BinaryHeaderDecoder {
    private static final int NO_VALUE = -1;
    private static final int NOT_AN_ENTRY = -1;
    private static final String REMARK = "remark";
    private static final String EXT_FIELDS = "ext fields";
    private static final String KEY = "key";
    private static final String VALUE = "value";

    /** A decoder; it holds no state, so one instance can serve every thread. */
    public BinaryHeaderDecoder() {
    }

    /**
     * Decodes the {@code length} header bytes at absolute {@code offset} of {@code buffer} into {@code header},
     * which is cleared first and marked {@link SerializeType#ROCKETMQ}.
     *
     * @throws CorruptFrameException if the bytes are not a binary header; the header is then partly filled
     */
    public void decode(ByteBuffer buffer, int offset, int length, RemotingHeader header) {
        decode(buffer, offset, length, header, Integer.MAX_VALUE, true);
    }

    /**
     * As {@link #decode(ByteBuffer, int, int, RemotingHeader)}, keeping at most {@code maxExtFields} ext fields (the
     * rest are checked and skipped) and the remark only when {@code keepRemark}.
     *
     * @return true when every ext field was kept
     * @throws CorruptFrameException if the bytes are not a binary header; the header is then partly filled
     */
    public boolean decode(ByteBuffer buffer, int offset, int length, RemotingHeader header, int maxExtFields,
        boolean keepRemark) {
        header.clear();
        header.serializeType(SerializeType.ROCKETMQ);
        int end = offset + length;
        requireFixed(offset, REMARK_OFFSET, end, "code, language, version, opaque, flag and remark length");
        header.code(buffer.getShort(offset + CODE_OFFSET));
        header.language(LanguageCode.fromCode(buffer.get(offset + LANGUAGE_OFFSET) & LANGUAGE_MASK));
        header.version(buffer.getShort(offset + VERSION_OFFSET));
        header.opaque(buffer.getInt(offset + OPAQUE_OFFSET));
        header.flag(buffer.getInt(offset + FLAG_OFFSET));

        int remarkLength = buffer.getInt(offset + REMARK_LENGTH_OFFSET);
        int at = offset + REMARK_OFFSET;
        checkLength(REMARK, NOT_AN_ENTRY, remarkLength, length, end - at, REMARK_LENGTH_OFFSET);
        if (remarkLength > 0) {
            if (keepRemark) {
                header.remark(Utf8.decode(buffer, at, remarkLength));
            }
            at += remarkLength;
        }

        requireFixed(at, EXT_LENGTH_SIZE, end, "ext length");
        int extLength = buffer.getInt(at);
        checkLength(EXT_FIELDS, NOT_AN_ENTRY, extLength, length, end - at - EXT_LENGTH_SIZE, at - offset);
        at += EXT_LENGTH_SIZE;
        boolean whole = true;
        if (extLength > 0) {
            whole = readEntries(buffer, at, at + extLength, offset, header.ext(), maxExtFields);
            at += extLength;
        }
        if (at != end) {
            throw new CorruptFrameException(FrameError.TRAILING_BYTES,
                "binary header: " + (end - at) + " bytes follow the ext fields at header byte " + (at - offset));
        }
        return whole;
    }

    /** Reads the entries, storing the first {@code maxEntries}; false when some were skipped. */
    private static boolean readEntries(ByteBuffer buffer, int from, int extEnd, int headerStart, ExtFields ext,
        int maxEntries) {
        ext.markPresent();
        int at = from;
        int entry = 0;
        while (at < extEnd) {
            if (extEnd - at < ENTRY_OVERHEAD) {
                throw new CorruptFrameException(FrameError.FIELD_LENGTH_OUT_OF_RANGE, "binary header: ext entry " + entry
                    + " at header byte " + (at - headerStart) + " needs at least " + ENTRY_OVERHEAD + " bytes, " + (extEnd - at)
                    + " left in the ext fields");
            }
            int keyLength = buffer.getShort(at);
            at += KEY_LENGTH_SIZE;
            checkLength(KEY, entry, keyLength, extEnd - from, extEnd - at - VALUE_LENGTH_SIZE, at - KEY_LENGTH_SIZE - headerStart);
            boolean keep = entry < maxEntries;
            int keyStart = ext.position();
            if (keep) {
                ext.writeBytes(buffer, at, keyLength);
            }
            int keyEnd = ext.position();
            at += keyLength;

            int valueLength = buffer.getInt(at);
            at += VALUE_LENGTH_SIZE;
            checkLength(VALUE, entry, valueLength, extEnd - from, extEnd - at, at - VALUE_LENGTH_SIZE - headerStart);
            if (!keep) {
                at += valueLength;
            } else if (valueLength == 0) {
                ext.commit(keyStart, keyEnd, NO_VALUE, NO_VALUE);
            } else {
                ext.writeBytes(buffer, at, valueLength);
                ext.commit(keyStart, keyEnd, keyEnd, ext.position());
                at += valueLength;
            }
            entry++;
        }
        return entry <= maxEntries;
    }

    private static void requireFixed(int at, int size, int end, String what) {
        if (end - at < size) {
            throw new CorruptFrameException(FrameError.HEADER_TRUNCATED, "binary header: the header ends before its " + what
                + " (" + size + " bytes needed, " + Math.max(0, end - at) + " left)");
        }
    }

    /**
     * A length must be non-negative, not above {@code limit} (RocketMQ's check) and within the {@code left} bytes.
     * The message is built only on failure: this runs for every field of every frame.
     */
    private static void checkLength(String field, int entry, int length, int limit, int left, int headerOffset) {
        if (length < 0 || length > limit || length > left) {
            String what = entry == NOT_AN_ENTRY ? field : "ext entry " + entry + " " + field;
            String region = entry == NOT_AN_ENTRY ? "the header" : "the ext fields";
            throw new CorruptFrameException(FrameError.FIELD_LENGTH_OUT_OF_RANGE, "binary header: " + what + " length " + length
                + " at header byte " + headerOffset + " is out of range: " + Math.max(0, left) + " bytes left in " + region + " of "
                + limit + " bytes");
        }
    }
}
