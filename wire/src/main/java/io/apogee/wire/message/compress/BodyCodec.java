package io.apogee.wire.message.compress;

import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.MessageSysFlag;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One compressor of each type for a thread, chosen by {@link CompressionType} or by a sysflag, plus helpers that
 * decompress into a new array bounded by a caller's limit. Compressors are created on first use.
 * Not thread-safe: one per thread.
 *
 * <p>Not thread-safe: one per thread; {@link #close()} frees the native state.
 */
public final class BodyCodec implements AutoCloseable {
    /** The level RocketMQ's producer uses by default ({@code compressLevel}). */
    public static final int DEFAULT_LEVEL = 5;

    private static final int INITIAL_GUESS_FACTOR = 4;
    private static final int MIN_GUESS = 256;

    private ZlibCompressor zlib;
    private Lz4FrameCompressor lz4;
    private ZstdCompressor zstd;

    /** The compressor of {@code type}. */
    public BodyCompressor compressor(CompressionType type) {
        return switch (type) {
            case ZLIB -> zlib == null ? zlib = new ZlibCompressor() : zlib;
            case LZ4 -> lz4 == null ? lz4 = new Lz4FrameCompressor() : lz4;
            case ZSTD -> zstd == null ? zstd = new ZstdCompressor() : zstd;
        };
    }

    /**
     * The compressor a sysflag names (type bits; 0 and 3 are zlib).
     *
     * @throws MessageFormatException with {@link FormatError#UNKNOWN_COMPRESSION} for an undefined type
     */
    public BodyCompressor forSysFlag(int sysFlag) {
        CompressionType type = CompressionType.fromSysFlag(sysFlag);
        if (type == null) {
            throw new MessageFormatException(FormatError.UNKNOWN_COMPRESSION, "type " + MessageSysFlag.compressionType(sysFlag));
        }
        return compressor(type);
    }

    /** Compresses a whole array into a new array of the exact length. */
    public byte[] compress(CompressionType type, int level, byte[] source) {
        BodyCompressor compressor = compressor(type);
        ByteBuffer out = ByteBuffer.allocate(compressor.maxCompressedLength(source.length));
        int length = compressor.compress(level, ByteBuffer.wrap(source), 0, source.length, out, 0, out.capacity());
        if (length < 0) {
            throw new IllegalStateException(type + ": output exceeded its own bound");
        }
        byte[] result = new byte[length];
        out.get(0, result);
        return result;
    }

    /**
     * Decompresses a body into a new array of the exact length, growing a guess up to {@code maxLength}: the
     * allocation is bounded by the caller, never by a length read from the input.
     *
     * @throws MessageFormatException {@link FormatError#BODY_TOO_LARGE} above {@code maxLength}, or
     *                                {@link FormatError#CORRUPT_COMPRESSED_BODY}
     */
    public byte[] decompress(CompressionType type, ByteBuffer source, int offset, int length, int maxLength) {
        BodyCompressor compressor = compressor(type);
        long guess = Math.max(MIN_GUESS, (long) length * INITIAL_GUESS_FACTOR);
        int capacity = (int) Math.min(guess, maxLength);
        while (true) {
            byte[] out = new byte[capacity];
            int produced = compressor.decompress(source, offset, length, ByteBuffer.wrap(out), 0, capacity);
            if (produced >= 0) {
                return produced == capacity ? out : Arrays.copyOf(out, produced);
            }
            if (capacity >= maxLength) {
                throw new MessageFormatException(FormatError.BODY_TOO_LARGE, type + " body larger than " + maxLength + " bytes");
            }
            capacity = (int) Math.min(2L * capacity, maxLength);
        }
    }

    @Override
    public void close() {
        if (zlib != null) {
            zlib.close();
        }
        if (lz4 != null) {
            lz4.close();
        }
        if (zstd != null) {
            zstd.close();
        }
    }
}
