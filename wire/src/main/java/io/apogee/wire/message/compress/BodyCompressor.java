package io.apogee.wire.message.compress;

import io.apogee.wire.message.MessageFormatException;
import java.nio.ByteBuffer;

/**
 * Compresses and decompresses a body between two buffer ranges (absolute offsets; heap, direct or mixed). Output
 * never goes past the caller's capacity: a result that does not fit returns {@link #DOES_NOT_FIT} and leaves the
 * destination's bytes in that range unspecified. Implementations are not thread-safe: one per thread.
 *
 * <p>Implementations hold native or reusable state: not thread-safe, one per thread; {@link #close()} frees it.
 */
public interface BodyCompressor extends AutoCloseable {
    /** Returned when the output does not fit the destination capacity. */
    int DOES_NOT_FIT = -1;

    /** The type this compressor reads and writes. */
    CompressionType type();

    /** An upper bound of the compressed size of {@code sourceLength} bytes. */
    int maxCompressedLength(int sourceLength);

    /**
     * Compresses {@code sourceLength} bytes at {@code sourceOffset} into at most {@code capacity} bytes at
     * {@code destinationOffset}.
     *
     * @param level codec level (zlib 0-9, zstd 1-22; LZ4 ignores it); RocketMQ's producer uses 5 by default
     * @return the compressed length, or {@link #DOES_NOT_FIT}
     */
    int compress(int level, ByteBuffer source, int sourceOffset, int sourceLength,
                 ByteBuffer destination, int destinationOffset, int capacity);

    /**
     * Decompresses {@code sourceLength} bytes at {@code sourceOffset} into at most {@code capacity} bytes at
     * {@code destinationOffset}.
     *
     * @return the decompressed length, or {@link #DOES_NOT_FIT}
     * @throws MessageFormatException with {@code CORRUPT_COMPRESSED_BODY} when the input does not decompress
     */
    int decompress(ByteBuffer source, int sourceOffset, int sourceLength, ByteBuffer destination, int destinationOffset,
                   int capacity);

    /** Frees native state; the compressor must not be used afterwards. */
    @Override
    void close();
}
