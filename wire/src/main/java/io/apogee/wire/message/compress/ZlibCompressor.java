package io.apogee.wire.message.compress;

import io.apogee.wire.message.ByteRangeView;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * zlib bodies (RFC 1950 stream with header and Adler-32), as RocketMQ's {@code ZlibCompressor} writes them with
 * {@code DeflaterOutputStream}; at the same level the bytes are identical. The {@link Deflater} and
 * {@link Inflater} are kept and reset between bodies, so no native state is created per message.
 * Not thread-safe: one per thread.
 *
 * <p>Not thread-safe: one per thread.
 */
public final class ZlibCompressor implements BodyCompressor {
    /** zlib header (2) and Adler-32 trailer (4). */
    private static final int STREAM_OVERHEAD = 6;
    /** Stored-block overhead: 5 bytes per 16 KiB block, rounded up generously. */
    private static final int STORED_BLOCK_SIZE = 16_383;
    private static final int STORED_BLOCK_OVERHEAD = 5;
    private static final int EXTRA_SLACK = 64;

    private final ByteRangeView input = new ByteRangeView();
    private final ByteRangeView output = new ByteRangeView();
    private final byte[] probe = new byte[1];
    private final Inflater inflater = new Inflater();
    private Deflater deflater;
    private int deflaterLevel = Integer.MIN_VALUE;

    @Override
    public CompressionType type() {
        return CompressionType.ZLIB;
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        long bound = (long) sourceLength + STREAM_OVERHEAD + EXTRA_SLACK
            + (long) (sourceLength / STORED_BLOCK_SIZE + 1) * STORED_BLOCK_OVERHEAD;
        return (int) Math.min(bound, Integer.MAX_VALUE);
    }

    @Override
    public int compress(int level, ByteBuffer source, int sourceOffset, int sourceLength,
                        ByteBuffer destination, int destinationOffset, int capacity) {
        Deflater engine = deflater(level);
        engine.reset();
        engine.setInput(input.of(source, sourceOffset, sourceLength));
        engine.finish();
        ByteBuffer out = output.of(destination, destinationOffset, capacity);
        while (!engine.finished()) {
            if (engine.deflate(out) == 0 && !out.hasRemaining()) {
                return DOES_NOT_FIT;
            }
        }
        return out.position() - destinationOffset;
    }

    @Override
    public int decompress(ByteBuffer source, int sourceOffset, int sourceLength, ByteBuffer destination, int destinationOffset,
                          int capacity) {
        inflater.reset();
        inflater.setInput(input.of(source, sourceOffset, sourceLength));
        ByteBuffer out = output.of(destination, destinationOffset, capacity);
        try {
            while (!inflater.finished()) {
                long consumed = inflater.getBytesRead();
                int produced = inflater.inflate(out);
                if (produced > 0 || inflater.finished()) {
                    continue;
                }
                if (inflater.needsDictionary() || inflater.needsInput()) {
                    throw corrupt("zlib stream ends early or needs a dictionary");
                }
                if (!out.hasRemaining() && inflater.inflate(probe) > 0) {
                    return DOES_NOT_FIT;
                }
                if (!inflater.finished() && inflater.getBytesRead() == consumed) {
                    throw corrupt("zlib stream makes no progress");
                }
            }
        } catch (DataFormatException e) {
            throw corrupt("zlib: " + e.getMessage());
        }
        return out.position() - destinationOffset;
    }

    private static MessageFormatException corrupt(String detail) {
        return new MessageFormatException(FormatError.CORRUPT_COMPRESSED_BODY, detail);
    }

    private Deflater deflater(int level) {
        if (deflater == null || deflaterLevel != level) {
            if (deflater != null) {
                deflater.end();
            }
            deflater = new Deflater(level);
            deflaterLevel = level;
        }
        return deflater;
    }

    @Override
    public void close() {
        inflater.end();
        if (deflater != null) {
            deflater.end();
        }
        input.release();
        output.release();
    }
}
