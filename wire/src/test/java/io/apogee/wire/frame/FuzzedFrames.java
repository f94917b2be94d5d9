package io.apogee.wire.frame;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.apogee.wire.testing.CaptureFile;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns fuzzer bytes into frames that get deep into the decoders even without coverage guidance: raw regions,
 * consistent envelopes around arbitrary headers, captured frames with fuzz-chosen damage (lengths fixed up or not),
 * and JSON and binary headers assembled from fuzz-chosen parts.
 */
final class FuzzedFrames {
    private static final List<byte[]> CAPTURED = CaptureFile.readAll().stream().map(CaptureFile.Frame::bytes).toList();
    private static final String[] KEYS = {"code", "extFields", "flag", "language", "opaque", "remark", "serializeTypeCurrentRPC",
        "version", "a", "topic", "x"};
    private static final String[] LANGUAGES = {"JAVA", "java", "NODE_JS", "node-js", "GO", "COBOL", ""};
    private static final String[] ESCAPES = {"\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0001", "\\u00e9",
        "\\ud83d\\ude00", "\\ud800", "\\udc00x", "\\u12", "\\x", "\\"};
    private static final String[] LITERALS = {"true", "false", "null", "tru", "-", "1.5", "1e3", "01", "-0", "2147483648"};
    private static final int MAX_MUTATIONS = 8;
    private static final int MAX_MEMBERS = 10;
    private static final int MAX_DEPTH = 40;

    private FuzzedFrames() {
    }

    /** One region to decode, built the way the fuzzer's first choice says. */
    static byte[] region(FuzzedDataProvider data) {
        return switch (data.consumeInt(0, 4)) {
            case 0 -> data.consumeRemainingAsBytes();
            case 1 -> {
                SerializeType type = data.consumeBoolean() ? SerializeType.JSON : SerializeType.ROCKETMQ;
                int headerLength = data.consumeInt(0, data.remainingBytes());
                byte[] header = data.consumeBytes(headerLength);
                yield envelope(type, header, data.consumeRemainingAsBytes());
            }
            case 2 -> damagedCapture(data);
            case 3 -> envelope(SerializeType.JSON, jsonHeader(data), data.consumeBytes(data.consumeInt(0, 64)));
            default -> envelope(SerializeType.ROCKETMQ, binaryHeader(data), data.consumeBytes(data.consumeInt(0, 64)));
        };
    }

    static byte[] envelope(SerializeType type, byte[] header, byte[] body) {
        ByteBuffer frame = ByteBuffer.allocate(FrameLayout.PREFIX_SIZE + header.length + body.length);
        frame.putInt(FrameLayout.MIN_FRAME_LENGTH + header.length + body.length)
            .putInt(FrameLayout.typeAndHeaderLength(type, header.length)).put(header).put(body);
        return frame.array();
    }

    private static byte[] damagedCapture(FuzzedDataProvider data) {
        byte[] frame = CAPTURED.get(data.consumeInt(0, CAPTURED.size() - 1)).clone();
        int mutations = data.consumeInt(1, MAX_MUTATIONS);
        for (int i = 0; i < mutations && frame.length > FrameLayout.PREFIX_SIZE; i++) {
            ByteBuffer view = ByteBuffer.wrap(frame);
            int headerLength = FrameLayout.headerLength(view.getInt(FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET));
            int headerEnd = Math.min(frame.length, FrameLayout.PREFIX_SIZE + headerLength);
            switch (data.consumeInt(0, 4)) {
                case 0 -> frame[data.consumeInt(0, frame.length - 1)] = data.consumeByte();
                case 1 -> view.putInt(data.consumeInt(0, frame.length - Integer.BYTES), data.consumeInt());
                case 2 -> frame = resizeHeader(frame, data.consumeInt(FrameLayout.PREFIX_SIZE, headerEnd), headerEnd,
                    data.consumeBytes(8), 0);
                case 3 -> frame = resizeHeader(frame, data.consumeInt(FrameLayout.PREFIX_SIZE, headerEnd), headerEnd, new byte[0],
                    data.consumeInt(0, Math.min(8, headerEnd - FrameLayout.PREFIX_SIZE)));
                default -> frame = java.util.Arrays.copyOf(frame, data.consumeInt(0, frame.length));
            }
        }
        return frame;
    }

    /** Replaces {@code removed} header bytes at {@code at} with {@code inserted}, keeping both lengths consistent. */
    private static byte[] resizeHeader(byte[] frame, int at, int headerEnd, byte[] inserted, int removed) {
        ByteBuffer view = ByteBuffer.wrap(frame);
        int word = view.getInt(FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET);
        int cut = Math.min(removed, headerEnd - at);
        int delta = inserted.length - cut;
        ByteBuffer out = ByteBuffer.allocate(frame.length + delta);
        out.put(frame, 0, at).put(inserted).put(frame, at + cut, frame.length - at - cut);
        out.putInt(FrameLayout.FRAME_LENGTH_OFFSET, view.getInt(FrameLayout.FRAME_LENGTH_OFFSET) + delta);
        out.putInt(FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET, word + delta);
        return out.array();
    }

    private static byte[] jsonHeader(FuzzedDataProvider data) {
        StringBuilder json = new StringBuilder();
        object(data, json, 1);
        if (data.consumeInt(0, 9) == 0) {
            json.append(data.consumeAsciiString(3));
        }
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void object(FuzzedDataProvider data, StringBuilder json, int depth) {
        json.append('{');
        int members = data.consumeInt(0, MAX_MEMBERS);
        for (int i = 0; i < members; i++) {
            if (i > 0) {
                json.append(data.consumeInt(0, 30) == 0 ? "" : ",");
            }
            space(data, json);
            string(data, json, data.consumeBoolean() ? KEYS[data.consumeInt(0, KEYS.length - 1)] : data.consumeString(6));
            space(data, json);
            json.append(data.consumeInt(0, 30) == 0 ? "" : ":");
            value(data, json, depth + 1);
        }
        json.append(data.consumeInt(0, 30) == 0 ? "" : "}");
    }

    private static void value(FuzzedDataProvider data, StringBuilder json, int depth) {
        space(data, json);
        switch (depth > MAX_DEPTH ? 0 : data.consumeInt(0, 8)) {
            case 0 -> json.append(data.consumeInt());
            case 1 -> json.append('"').append(data.consumeInt()).append('"');
            case 2 -> string(data, json, LANGUAGES[data.consumeInt(0, LANGUAGES.length - 1)]);
            case 3 -> json.append(data.pickValue(LITERALS));
            case 4 -> object(data, json, depth);
            case 5 -> {
                json.append('[');
                int elements = data.consumeInt(0, 3);
                for (int i = 0; i < elements; i++) {
                    json.append(i > 0 ? "," : "");
                    value(data, json, depth + 1);
                }
                json.append(']');
            }
            default -> string(data, json, data.consumeString(12));
        }
        space(data, json);
    }

    private static void string(FuzzedDataProvider data, StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            json.append(c == '"' || c == '\\' ? "\\" + c : String.valueOf(c));
            if (data.consumeInt(0, 15) == 0) {
                json.append(ESCAPES[data.consumeInt(0, ESCAPES.length - 1)]);
            }
        }
        json.append(data.consumeInt(0, 40) == 0 ? "" : "\"");
    }

    private static void space(FuzzedDataProvider data, StringBuilder json) {
        if (data.consumeInt(0, 7) == 0) {
            json.append(data.pickValue(new String[] {" ", "\t", "\r\n", "  "}));
        }
    }

    private static byte[] binaryHeader(FuzzedDataProvider data) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ByteBuffer fixed = ByteBuffer.allocate(BinaryHeaderLayout.REMARK_OFFSET);
        fixed.putShort(data.consumeShort()).put(data.consumeByte()).putShort(data.consumeShort()).putInt(data.consumeInt())
            .putInt(data.consumeInt());
        byte[] remark = data.consumeBytes(data.consumeInt(0, 40));
        fixed.putInt(length(data, remark.length));
        bytes.writeBytes(fixed.array());
        bytes.writeBytes(remark);
        ByteArrayOutputStream entries = new ByteArrayOutputStream();
        int count = data.consumeInt(0, 6);
        for (int i = 0; i < count; i++) {
            byte[] key = data.consumeBytes(data.consumeInt(0, 10));
            byte[] value = data.consumeBytes(data.consumeInt(0, 20));
            entries.writeBytes(ByteBuffer.allocate(Short.BYTES).putShort((short) length(data, key.length)).array());
            entries.writeBytes(key);
            entries.writeBytes(ByteBuffer.allocate(Integer.BYTES).putInt(length(data, value.length)).array());
            entries.writeBytes(value);
        }
        bytes.writeBytes(ByteBuffer.allocate(Integer.BYTES).putInt(length(data, entries.size())).array());
        bytes.writeBytes(entries.toByteArray());
        bytes.writeBytes(data.consumeBytes(data.consumeInt(0, 1) * data.consumeInt(0, 4)));
        return bytes.toByteArray();
    }

    /** Mostly the true length, sometimes a wrong one. */
    private static int length(FuzzedDataProvider data, int actual) {
        return data.consumeInt(0, 15) == 0 ? data.consumeInt() : actual;
    }
}
