package io.apogee.wire.frame;

import java.nio.ByteBuffer;

/**
 * Where {@link FrameDecoder} puts a whole frame: the decoded {@link RemotingHeader}, and the body as an offset and
 * length into the very buffer the frame was read from (never copied, never sliced). Mutable, reusable and not
 * thread-safe: it belongs to the thread that decodes into it, and its content is valid until the next decode into it
 * or until that thread reuses the buffer's bytes.
 *
 * <pre>
 *  buffer:  ... | frameLength | type+headerLength | header | body                    | ...
 *               ^ frameOffset                              ^ bodyOffset, bodyLength
 *               |&lt;------------------------ frameSize ----------------------------&gt;|
 * </pre>
 */
public final class DecodedFrame {
    private final RemotingHeader header;
    private ByteBuffer buffer;
    private int frameOffset;
    private int frameSize;
    private int bodyOffset;
    private int bodyLength;
    private HeaderRefusal refusal = HeaderRefusal.NONE;

    /** A frame slot with a header of its own. */
    public DecodedFrame() {
        this(new RemotingHeader());
    }

    /** A frame slot that decodes into {@code header}. */
    public DecodedFrame(RemotingHeader header) {
        this.header = header;
    }

    void refusal(HeaderRefusal value) {
        this.refusal = value;
    }

    /**
     * Whether the header was decoded whole, or only in part because it is over a limit; a frame refused so must be
     * answered with an error, never handled.
     */
    public HeaderRefusal refusal() {
        return refusal;
    }

    /** The header's length in bytes, as the frame declares it. */
    public int headerLength() {
        return bodyOffset - frameOffset - FrameLayout.PREFIX_SIZE;
    }

    void set(ByteBuffer source, int offset, int size, int body, int length) {
        this.buffer = source;
        this.frameOffset = offset;
        this.frameSize = size;
        this.bodyOffset = body;
        this.bodyLength = length;
    }

    /**
     * Drops the reference to the buffer the frame was read from and, when the header is
     * {@linkplain RemotingHeader#isOversized() oversized}, clears it and trims its arrays. For a slot kept between
     * reads, once its frame has been handled; a small header stays readable.
     */
    public void trim() {
        buffer = null;
        if (header.isOversized()) {
            header.clearAndTrim();
        }
    }

    /** The decoded header. */
    public RemotingHeader header() {
        return header;
    }

    /** The buffer the frame was decoded from; the body lies in it. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** The absolute index of the frame's first byte (its length prefix) in {@link #buffer()}. */
    public int frameOffset() {
        return frameOffset;
    }

    /** The whole frame's size in bytes, the 4 length bytes included. */
    public int frameSize() {
        return frameSize;
    }

    /** The absolute index of the body's first byte in {@link #buffer()}. */
    public int bodyOffset() {
        return bodyOffset;
    }

    /** The body's length in bytes; 0 means no body (RocketMQ's null body). */
    public int bodyLength() {
        return bodyLength;
    }

    /** True if the frame has a body. */
    public boolean hasBody() {
        return bodyLength > 0;
    }

    @Override
    public String toString() {
        return "DecodedFrame{frameOffset=" + frameOffset + ", frameSize=" + frameSize + ", bodyOffset=" + bodyOffset
            + ", bodyLength=" + bodyLength + ", header=" + header + '}';
    }
}
