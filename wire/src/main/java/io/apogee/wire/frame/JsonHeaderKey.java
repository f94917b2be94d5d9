package io.apogee.wire.frame;

import java.util.Arrays;
import java.nio.charset.StandardCharsets;

/**
 * The keys of RocketMQ's JSON header (the serialized {@code RemotingCommand} bean), in the alphabetical order in
 * which fastjson2 writes them. Keys the decoder does not know are skipped, whatever their value.
 *
 * <p>Immutable and thread-safe.
 */
enum JsonHeaderKey {
    CODE("code"),
    EXT_FIELDS("extFields"),
    FLAG("flag"),
    LANGUAGE("language"),
    OPAQUE("opaque"),
    REMARK("remark"),
    SERIALIZE_TYPE_CURRENT_RPC("serializeTypeCurrentRPC"),
    VERSION("version");

    private static final JsonHeaderKey[] ALL = values();

    private final String text;
    private final byte[] bytes;

    JsonHeaderKey(String text) {
        this.text = text;
        this.bytes = text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The key as written on the wire, without quotes. */
    String text() {
        return text;
    }

    /** The known key spelled by the {@code length} bytes at {@code index}, or null for an unknown key. */
    static JsonHeaderKey find(byte[] array, int index, int length) {
        for (JsonHeaderKey key : ALL) {
            byte[] text = key.bytes;
            if (text.length == length && text[0] == array[index] && Arrays.equals(text, 0, length, array, index, index + length)) {
                return key;
            }
        }
        return null;
    }
}
