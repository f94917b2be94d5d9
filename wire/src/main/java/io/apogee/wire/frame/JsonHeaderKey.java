package io.apogee.wire.frame;

import java.nio.ByteBuffer;
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
    static JsonHeaderKey find(ByteBuffer buffer, int index, int length) {
        for (JsonHeaderKey key : ALL) {
            if (key.bytes.length == length && key.matches(buffer, index)) {
                return key;
            }
        }
        return null;
    }

    private boolean matches(ByteBuffer buffer, int index) {
        for (int i = 0; i < bytes.length; i++) {
            if (buffer.get(index + i) != bytes[i]) {
                return false;
            }
        }
        return true;
    }
}
