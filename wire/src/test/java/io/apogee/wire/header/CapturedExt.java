package io.apogee.wire.header;

import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Test helper: the ext fields of a captured frame, in wire order, read straight from its bytes. Binary headers are
 * walked by their layout; JSON headers by a tiny reader of the {@code "extFields":{...}} object, whose values are
 * JSON strings. Just enough for the captures; the real codecs live in package {@code frame}.
 */
final class CapturedExt {
    private static final int HEADER_START = 8;
    private static final int BINARY_FIXED = Short.BYTES + Byte.BYTES + Short.BYTES + Integer.BYTES + Integer.BYTES;
    private static final String EXT_OBJECT = "\"extFields\":{";
    private static final int HEX = 16;
    private static final int UNICODE_ESCAPE_DIGITS = 4;

    private CapturedExt() {
    }

    static ExtFields of(CaptureFile.Frame frame) {
        return frame.serialize().equals("ROCKETMQ") ? binary(frame) : json(frame);
    }

    private static ExtFields binary(CaptureFile.Frame frame) {
        ByteBuffer header = ByteBuffer.wrap(frame.bytes(), HEADER_START, frame.headerLength()).slice();
        header.position(BINARY_FIXED);
        header.position(header.position() + Integer.BYTES + header.getInt(header.position())); // remark
        int end = header.getInt() + header.position();
        ExtFields ext = new ExtFields();
        while (header.position() < end) {
            int keyStart = ext.position();
            int keyLength = header.getShort();
            ext.writeBytes(header, header.position(), keyLength);
            header.position(header.position() + keyLength);
            int valueStart = ext.position();
            int valueLength = header.getInt();
            ext.writeBytes(header, header.position(), valueLength);
            header.position(header.position() + valueLength);
            ext.commit(keyStart, valueStart, valueLength == 0 ? -1 : valueStart, ext.position());
        }
        return ext;
    }

    private static ExtFields json(CaptureFile.Frame frame) {
        String text = new String(frame.bytes(), HEADER_START, frame.headerLength(), StandardCharsets.UTF_8);
        ExtFields ext = new ExtFields();
        int at = text.indexOf(EXT_OBJECT);
        if (at < 0) {
            return ext;
        }
        at += EXT_OBJECT.length();
        StringBuilder key = new StringBuilder();
        StringBuilder value = new StringBuilder();
        while (text.charAt(at) != '}') {
            at = readString(text, at, key) + 1; // the ':'
            at = readString(text, at, value);
            ext.add(key.toString(), value.toString());
            at += text.charAt(at) == ',' ? 1 : 0;
        }
        return ext;
    }

    /** Reads the JSON string starting with the quote at {@code at} into {@code out}; returns the index after it. */
    private static int readString(String text, int at, StringBuilder out) {
        out.setLength(0);
        int i = at + 1;
        while (text.charAt(i) != '"') {
            char c = text.charAt(i++);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char escaped = text.charAt(i++);
            switch (escaped) {
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(i, i + UNICODE_ESCAPE_DIGITS), HEX));
                    i += UNICODE_ESCAPE_DIGITS;
                }
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                default -> out.append(escaped);
            }
        }
        return i + 1;
    }
}
