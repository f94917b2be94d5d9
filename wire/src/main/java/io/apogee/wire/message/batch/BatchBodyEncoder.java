package io.apogee.wire.message.batch;

import io.apogee.wire.message.OutboundMessage;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes a SEND_BATCH_MESSAGE body (docs/protocol.md §4.3) byte for byte as RocketMQ's
 * {@code MessageDecoder.encodeMessages} does: a first pass sums the sizes, a second writes every entry once,
 * straight into one buffer. Each message's properties string was encoded when its properties were put
 * ({@link OutboundMessage}), so here it is one bulk copy, as the body is. No per-message array and no
 * {@code String} to {@code byte[]} conversion: once warmed up, encoding into a supplied buffer allocates nothing.
 *
 * <p>RocketMQ writes properties in its {@code HashMap}'s iteration order; this encoder writes them in the
 * message's order ({@link OutboundMessage}), which the broker treats the same.
 *
 * <p>Not thread-safe: one per producer thread (it remembers the last length and may own a reusable buffer).
 */
public final class BatchBodyEncoder {
    /** The default maximum body: RocketMQ's client rejects batches above 4 MiB, brokers' limits vary. */
    public static final int DEFAULT_MAX_LENGTH = Integer.MAX_VALUE;

    private final int maxLength;
    private final boolean direct;
    private ByteBuffer own;
    private int length;

    /** An encoder with no limit but the int32 one, owning a heap buffer when asked to. */
    public BatchBodyEncoder() {
        this(DEFAULT_MAX_LENGTH, false);
    }

    /**
     * @param maxLength the largest body to produce ({@link EncodeStatus#TOO_LARGE} above)
     * @param direct    whether the buffer this encoder owns ({@link #encode(List)}) is direct
     */
    public BatchBodyEncoder(int maxLength, boolean direct) {
        if (maxLength < BatchEntry.MIN_LENGTH) {
            throw new IllegalArgumentException("maxLength too small: " + maxLength);
        }
        this.maxLength = maxLength;
        this.direct = direct;
    }

    /** The length of the last measured or encoded body. */
    public int length() {
        return length;
    }

    /** Measures the body of {@code messages}; on {@link EncodeStatus#OK} {@link #length()} holds its size. */
    public EncodeStatus measure(List<? extends OutboundMessage> messages) {
        long total = 0;
        for (int i = 0, n = messages.size(); i < n; i++) {
            OutboundMessage message = messages.get(i);
            int propertiesLength = message.propertiesLength();
            if (propertiesLength > BatchEntry.MAX_PROPERTIES_LENGTH) {
                return EncodeStatus.PROPERTIES_TOO_LONG;
            }
            total += BatchEntry.entryLength(message.bodyLength(), propertiesLength);
            if (total > maxLength) {
                return EncodeStatus.TOO_LARGE;
            }
        }
        length = (int) total;
        return EncodeStatus.OK;
    }

    /**
     * Encodes {@code messages} at absolute {@code offset} of {@code destination} (up to its limit). On
     * {@link EncodeStatus#OK} {@link #length()} holds the bytes written; otherwise nothing was written.
     */
    public EncodeStatus encode(List<? extends OutboundMessage> messages, ByteBuffer destination, int offset) {
        EncodeStatus status = measure(messages);
        if (status != EncodeStatus.OK) {
            return status;
        }
        if (offset < 0 || destination.limit() - offset < length) {
            return EncodeStatus.BUFFER_TOO_SMALL;
        }
        int at = offset;
        for (int i = 0, n = messages.size(); i < n; i++) {
            at += encodeEntry(messages.get(i), destination, at);
        }
        return EncodeStatus.OK;
    }

    /**
     * Encodes {@code messages} into a buffer this encoder owns and reuses (grown when needed). On
     * {@link EncodeStatus#OK} {@link #encoded()} frames the body; it stays valid until the next call.
     */
    public EncodeStatus encode(List<? extends OutboundMessage> messages) {
        EncodeStatus status = measure(messages);
        if (status != EncodeStatus.OK) {
            return status;
        }
        if (own == null || own.capacity() < length) {
            int capacity = (int) Math.min(maxLength, Math.max(length, own == null ? 0 : 2L * own.capacity()));
            own = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        }
        own.clear();
        encode(messages, own, 0);
        own.limit(length);
        return EncodeStatus.OK;
    }

    /** The body of the last {@link #encode(List)}: position 0, limit its length. */
    public ByteBuffer encoded() {
        return own;
    }

    /**
     * Writes one entry at absolute {@code offset} (the caller made room: {@link BatchEntry#entryLength} with
     * {@link OutboundMessage#bodyLength()} and {@link OutboundMessage#propertiesLength()}); returns its length.
     * The body and the properties string are each one bulk copy.
     */
    public static int encodeEntry(OutboundMessage message, ByteBuffer destination, int offset) {
        int bodyLength = message.bodyLength();
        message.writeBody(destination, offset + BatchEntry.BODY_OFFSET);
        int propertiesAt = offset + BatchEntry.BODY_OFFSET + bodyLength + BatchEntry.PROPERTIES_LENGTH_SIZE;
        int propertiesLength = message.writeProperties(destination, propertiesAt);
        int totalSize = BatchEntry.entryLength(bodyLength, propertiesLength);
        BatchEntry.writeHeader(destination, offset, totalSize, message.flag(), bodyLength);
        BatchEntry.writePropertiesLength(destination, offset, bodyLength, propertiesLength);
        return totalSize;
    }
}
