package io.apogee.wire.frame;

import io.apogee.common.text.Utf8;
import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;

/**
 * Reads RocketMQ's JSON header (the {@code RemotingCommand} bean as fastjson writes it) into a reusable
 * {@link RemotingHeader}, allocating nothing unless the header carries a remark. Not thread-safe: one decoder belongs
 * to one thread (a connection's event loop), which reuses it for every frame; it keeps a little scratch space that
 * grows to the longest key or remark seen.
 *
 * <pre>
 *  {"code":310,"extFields":{"a":"PG","b":"TopicTest",...},"flag":0,"language":"JAVA","opaque":8,
 *   "remark":"...","serializeTypeCurrentRPC":"JSON","version":493}
 * </pre>
 *
 * <p>Tolerances, as RocketMQ's fastjson decoders have them: keys in any order; unknown keys skipped whatever
 * their value; missing keys keep {@link RemotingHeader#clear()}'s defaults (note that a missing {@code opaque} is 0
 * here, where RocketMQ would draw a fresh id); a {@code null} int is ignored; ints also as quoted strings;
 * {@code language} by name (case and {@code '_'}/{@code '-'} ignored, unknown names read as null) or by ordinal;
 * ext values that are numbers or booleans are kept as their text, {@code null} ext values as null entries; a
 * repeated {@code extFields} replaces the earlier one; {@code serializeTypeCurrentRPC} is ignored (the frame's type
 * byte decides). Ext keys and values go into {@link ExtFields} in wire order, escapes undone, duplicates kept.
 *
 * <p>Strictness beyond fastjson: the text must be RFC 8259 JSON in well-formed UTF-8 (no single quotes, no
 * trailing commas, no leading zeros, only the standard escapes), nesting is limited to
 * {@value JsonScanner#MAX_NESTING_DEPTH} levels, nothing but whitespace may follow the object, ints may not have
 * fractions, and objects or arrays as ext values are refused. A {@code \}{@code u} escape of a lone surrogate is
 * stored as {@code '?'}, which is what RocketMQ's re-encoding writes for it.
 */
public final class JsonHeaderDecoder {
    private static final int HEADER_DEPTH = 1;
    private static final int MEMBER_DEPTH = HEADER_DEPTH + 1;
    private static final byte QUOTE = '"';
    private static final byte OPEN_OBJECT = '{';
    /** The {@code valueStart} that {@link ExtFields#commit} takes for a null value. */
    private static final int NO_VALUE = -1;

    // Hand-written rather than a JSON library: this runs for every frame on the hot path and must not allocate.
    private final JsonScanner scanner = new JsonScanner();
    /** The limits and outcome of the decode in progress. */
    private int maxExtFields = Integer.MAX_VALUE;
    private boolean keepRemark = true;
    private boolean skippedFields;

    /** A decoder with empty scratch space. */
    public JsonHeaderDecoder() {
    }

    /** Gives back scratch space that a large header made grow, and forgets the last header's bytes. */
    public void trim() {
        scanner.trim();
    }

    /** The heap bytes this decoder keeps between headers. */
    public int retainedBytes() {
        return scanner.retainedBytes();
    }

    /**
     * Decodes the {@code length} header bytes at absolute {@code offset} of {@code buffer} into {@code header},
     * which is cleared first and marked {@link SerializeType#JSON}.
     *
     * @throws CorruptFrameException if the bytes are not a JSON header; the header is then partly filled
     */
    public void decode(ByteBuffer buffer, int offset, int length, RemotingHeader header) {
        decode(buffer, offset, length, header, Integer.MAX_VALUE, true);
    }

    /**
     * As {@link #decode(ByteBuffer, int, int, RemotingHeader)}, keeping at most {@code maxExtFields} ext fields (the
     * rest are checked and skipped) and the remark only when {@code keepRemark}: a header over a limit is read for
     * its fixed fields without growing any buffer.
     *
     * @return true when every ext field was kept
     * @throws CorruptFrameException if the bytes are not a JSON header; the header is then partly filled
     */
    public boolean decode(ByteBuffer buffer, int offset, int length, RemotingHeader header, int maxExtFields,
        boolean keepRemark) {
        this.maxExtFields = maxExtFields;
        this.keepRemark = keepRemark;
        this.skippedFields = false;
        header.clear();
        header.serializeType(SerializeType.JSON);
        scanner.reset(buffer, offset, length);
        if (scanner.openObject(HEADER_DEPTH)) {
            do {
                scanner.readStringToScratch();
                ExtFields key = scanner.scratch();
                JsonHeaderKey known = JsonHeaderKey.find(key.array(), 0, key.position());
                scanner.expectKeySeparator();
                readMember(known, header);
            } while (scanner.nextMember());
        }
        scanner.expectEnd();
        return !skippedFields;
    }

    private void readMember(JsonHeaderKey key, RemotingHeader header) {
        if (key == null) {
            scanner.skipValue(MEMBER_DEPTH);
            return;
        }
        switch (key) {
            case CODE -> {
                long code = scanner.readInt(key.text());
                if (code != JsonScanner.NULL_INT) {
                    header.code((int) code);
                }
            }
            case FLAG -> {
                long flag = scanner.readInt(key.text());
                if (flag != JsonScanner.NULL_INT) {
                    header.flag((int) flag);
                }
            }
            case OPAQUE -> {
                long opaque = scanner.readInt(key.text());
                if (opaque != JsonScanner.NULL_INT) {
                    header.opaque((int) opaque);
                }
            }
            case VERSION -> {
                long version = scanner.readInt(key.text());
                if (version != JsonScanner.NULL_INT) {
                    header.version((int) version);
                }
            }
            case LANGUAGE -> header.language(readLanguage());
            case REMARK -> {
                if (keepRemark) {
                    header.remark(readRemark());
                } else {
                    scanner.skipValue(MEMBER_DEPTH);
                }
            }
            case EXT_FIELDS -> readExtFields(header.ext());
            case SERIALIZE_TYPE_CURRENT_RPC -> scanner.skipValue(MEMBER_DEPTH);
            default -> throw new IllegalStateException("unhandled header key " + key);
        }
    }

    private LanguageCode readLanguage() {
        if (scanner.peekValue("the language") == QUOTE) {
            scanner.readStringToScratch();
            ExtFields name = scanner.scratch();
            return LanguageNames.find(name.array(), 0, name.position());
        }
        if (scanner.readNullIfPresent()) {
            return null;
        }
        int at = scanner.headerOffset();
        long ordinal = scanner.readInt(JsonHeaderKey.LANGUAGE.text());
        LanguageCode language = LanguageCode.fromCode((int) ordinal);
        if (language == null) {
            throw new CorruptFrameException(FrameError.BAD_VALUE_TYPE,
                "JSON header: language ordinal " + ordinal + " names no language at header byte " + at);
        }
        return language;
    }

    private String readRemark() {
        byte first = scanner.peekValue("the remark");
        if (first != QUOTE) {
            if (scanner.readNullIfPresent()) {
                return null;
            }
            throw scanner.wrongType("remark must be a string or null", first);
        }
        scanner.readStringToScratch();
        ExtFields text = scanner.scratch();
        return Utf8.decode(text.buffer(), 0, text.position());
    }

    private void readExtFields(ExtFields ext) {
        ext.clear();
        byte first = scanner.peekValue("the extFields object");
        if (first != OPEN_OBJECT) {
            if (scanner.readNullIfPresent()) {
                return;
            }
            throw scanner.wrongType("extFields must be an object or null", first);
        }
        ext.markPresent();
        if (!scanner.openObject(MEMBER_DEPTH)) {
            return;
        }
        do {
            if (ext.size() >= maxExtFields) {
                skippedFields = true;
                scanner.readString(null);
                scanner.expectKeySeparator();
                scanner.skipValue(MEMBER_DEPTH + 1);
                continue;
            }
            int keyStart = ext.position();
            scanner.readString(ext);
            int keyEnd = ext.position();
            scanner.expectKeySeparator();
            boolean hasValue = scanner.readScalarText(ext, "an ext value");
            ext.commit(keyStart, keyEnd, hasValue ? keyEnd : NO_VALUE, ext.position());
        } while (scanner.nextMember());
    }
}
