package io.apogee.streams.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Writes the protocol's composite types into an outgoing frame.
 *
 * <p>Stateless; safe for any thread.
 */
public final class FrameWriter {
    private FrameWriter() {
    }

    /** Starts a response frame to {@code key} with its correlation id and code; see {@link FrameLayout#finish}. */
    public static int beginResponse(ByteBuf out, int key, int version, int correlationId, int code) {
        int start = FrameLayout.begin(out, key | CommandKey.RESPONSE_FLAG, version);
        out.writeInt(correlationId).writeShort(code);
        return start;
    }

    /** Writes {@code value} as a string: its UTF-8 length as int16, then its bytes. */
    public static void string(ByteBuf out, String value) {
        int lengthAt = out.writerIndex();
        out.writeShort(0);
        int written = out.writeCharSequence(value, StandardCharsets.UTF_8);
        out.setShort(lengthAt, written);
    }
}
