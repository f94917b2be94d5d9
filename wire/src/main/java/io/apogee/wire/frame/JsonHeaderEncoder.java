package io.apogee.wire.frame;

import io.apogee.common.text.AsciiNumbers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Writes a {@link RemotingHeader} as the exact bytes RocketMQ 5.4.0 produces for it (fastjson2's
 * {@code JSON.toJSONString(remotingCommand)} in UTF-8). Stateless and thread-safe; measuring and writing allocate
 * nothing. Keys in alphabetical order, null fields left out, ext
 * entries in {@link ExtFields} order with null values left out, and strings escaped as {@link JsonEscapes} says.
 *
 * <pre>
 *  {"code":C[,"extFields":{"k":"v",...}],"flag":F[,"language":"L"],"opaque":O[,"remark":"R"],
 *   "serializeTypeCurrentRPC":"JSON","version":V}
 * </pre>
 *
 * <p>{@code extFields} is written when the ext map is {@link ExtFields#isPresent() present}, even if empty
 * ({@code {}}). A remark of {@code ""} is written as {@code "remark":""}. To match RocketMQ's order for a typed
 * header, put the entries in {@link HashMapOrder} first.
 */
public final class JsonHeaderEncoder {
    private static final byte[] CODE = ascii("{\"code\":");
    private static final byte[] EXT_FIELDS = ascii(",\"extFields\":{");
    private static final byte[] FLAG = ascii(",\"flag\":");
    private static final byte[] LANGUAGE = ascii(",\"language\":\"");
    private static final byte[] OPAQUE = ascii(",\"opaque\":");
    private static final byte[] REMARK = ascii(",\"remark\":\"");
    private static final byte[] SERIALIZE_TYPE = ascii(",\"serializeTypeCurrentRPC\":\"JSON\"");
    private static final byte[] VERSION = ascii(",\"version\":");
    private static final byte QUOTE = '"';
    private static final byte COLON = ':';
    private static final byte COMMA = ',';
    private static final byte CLOSE_OBJECT = '}';
    /** The two quotes around a string. */
    private static final int QUOTES_SIZE = 2;
    /** Quotes around key and value, and the colon. */
    private static final int ENTRY_PUNCTUATION_SIZE = 2 * QUOTES_SIZE + 1;

    private JsonHeaderEncoder() {
    }

    /** The exact number of bytes {@link #write} produces for {@code header}. */
    public static int measure(RemotingHeader header) {
        int size = CODE.length + AsciiNumbers.length(header.code());
        ExtFields ext = header.ext();
        if (ext.isPresent()) {
            size += EXT_FIELDS.length + measureEntries(ext) + 1;
        }
        size += FLAG.length + AsciiNumbers.length(header.flag());
        if (header.language() != null) {
            size += LANGUAGE.length + LanguageNames.name(header.language()).length + 1;
        }
        size += OPAQUE.length + AsciiNumbers.length(header.opaque());
        if (header.remark() != null) {
            size += REMARK.length + JsonEscapes.escapedLength(header.remark()) + 1;
        }
        size += SERIALIZE_TYPE.length + VERSION.length + AsciiNumbers.length(header.version()) + 1;
        return size;
    }

    private static int measureEntries(ExtFields ext) {
        byte[] bytes = ext.array();
        int size = 0;
        int written = 0;
        for (int i = 0; i < ext.size(); i++) {
            if (!ext.isNull(i)) {
                size += (written++ > 0 ? 1 : 0) + ENTRY_PUNCTUATION_SIZE
                    + JsonEscapes.escapedLength(bytes, ext.keyOffset(i), ext.keyLength(i))
                    + JsonEscapes.escapedLength(bytes, ext.valueOffset(i), ext.valueLength(i));
            }
        }
        return size;
    }

    /** Writes {@code header} at absolute {@code index} of {@code target}; returns the bytes written ({@link #measure}). */
    public static int write(RemotingHeader header, ByteBuffer target, int index) {
        int at = index;
        at = put(CODE, target, at);
        at += AsciiNumbers.write(header.code(), target, at);
        ExtFields ext = header.ext();
        if (ext.isPresent()) {
            at = put(EXT_FIELDS, target, at);
            at = writeEntries(ext, target, at);
            target.put(at++, CLOSE_OBJECT);
        }
        at = put(FLAG, target, at);
        at += AsciiNumbers.write(header.flag(), target, at);
        if (header.language() != null) {
            at = put(LANGUAGE, target, at);
            at = put(LanguageNames.name(header.language()), target, at);
            target.put(at++, QUOTE);
        }
        at = put(OPAQUE, target, at);
        at += AsciiNumbers.write(header.opaque(), target, at);
        if (header.remark() != null) {
            at = put(REMARK, target, at);
            at += JsonEscapes.writeEscaped(header.remark(), target, at);
            target.put(at++, QUOTE);
        }
        at = put(SERIALIZE_TYPE, target, at);
        at = put(VERSION, target, at);
        at += AsciiNumbers.write(header.version(), target, at);
        target.put(at++, CLOSE_OBJECT);
        return at - index;
    }

    private static int writeEntries(ExtFields ext, ByteBuffer target, int index) {
        byte[] bytes = ext.array();
        int at = index;
        for (int i = 0; i < ext.size(); i++) {
            if (ext.isNull(i)) {
                continue;
            }
            if (at > index) {
                target.put(at++, COMMA);
            }
            target.put(at++, QUOTE);
            at += JsonEscapes.writeEscaped(bytes, ext.keyOffset(i), ext.keyLength(i), target, at);
            target.put(at++, QUOTE);
            target.put(at++, COLON);
            target.put(at++, QUOTE);
            at += JsonEscapes.writeEscaped(bytes, ext.valueOffset(i), ext.valueLength(i), target, at);
            target.put(at++, QUOTE);
        }
        return at;
    }

    private static int put(byte[] fragment, ByteBuffer target, int at) {
        target.put(at, fragment);
        return at + fragment.length;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
