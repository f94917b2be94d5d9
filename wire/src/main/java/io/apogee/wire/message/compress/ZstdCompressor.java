package io.apogee.wire.message.compress;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import java.nio.ByteBuffer;

/**
 * Zstandard bodies through zstd-jni, readable by RocketMQ's {@code ZstdCompressor} (a {@code ZstdInputStream})
 * and reading what it writes (frames without a content size, written by a {@code ZstdOutputStream}). One
 * compression and one decompression context are kept, so no native state is created per body. zstd-jni works
 * between two arrays or two direct buffers; a mixed pair goes through a scratch buffer this compressor keeps,
 * sized by the caller's input or capacity. Not thread-safe: one per thread.
 *
 * <p>Not thread-safe: one per thread.
 */
public final class ZstdCompressor implements BodyCompressor {
    private final ZstdCompressCtx compressor = new ZstdCompressCtx();
    private final ZstdDecompressCtx decompressor = new ZstdDecompressCtx();
    private ByteBuffer heapScratch;
    private ByteBuffer directScratch;

    @Override
    public CompressionType type() {
        return CompressionType.ZSTD;
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        return (int) Math.min(Zstd.compressBound(sourceLength), Integer.MAX_VALUE);
    }

    @Override
    public int compress(int level, ByteBuffer source, int sourceOffset, int sourceLength,
                        ByteBuffer destination, int destinationOffset, int capacity) {
        compressor.setLevel(level);
        ByteBuffer input = source;
        int inputOffset = sourceOffset;
        if (destination.isDirect() != source.isDirect() || !source.isDirect() && !source.hasArray()) {
            input = copy(source, sourceOffset, sourceLength, destination.isDirect());
            inputOffset = 0;
        }
        try {
            if (destination.isDirect()) {
                return compressor.compressDirectByteBuffer(destination, destinationOffset, capacity, input, inputOffset, sourceLength);
            }
            return compressor.compressByteArray(destination.array(), destination.arrayOffset() + destinationOffset, capacity,
                input.array(), input.arrayOffset() + inputOffset, sourceLength);
        } catch (ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                return DOES_NOT_FIT;
            }
            throw new IllegalStateException("zstd compression failed: " + e.getMessage(), e);
        }
    }

    @Override
    public int decompress(ByteBuffer source, int sourceOffset, int sourceLength, ByteBuffer destination, int destinationOffset,
                          int capacity) {
        ByteBuffer input = source;
        int inputOffset = sourceOffset;
        if (!source.isDirect() && !source.hasArray()) {
            input = copy(source, sourceOffset, sourceLength, false);
            inputOffset = 0;
        }
        try {
            return decompressNative(input, inputOffset, sourceLength, destination, destinationOffset, capacity);
        } catch (ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                return DOES_NOT_FIT;
            }
            throw new MessageFormatException(FormatError.CORRUPT_COMPRESSED_BODY, "zstd: " + e.getMessage());
        }
    }

    private int decompressNative(ByteBuffer input, int inputOffset, int length, ByteBuffer destination, int destinationOffset,
                                 int capacity) {
        if (destination.isDirect()) {
            if (input.isDirect()) {
                return decompressor.decompressDirectByteBuffer(destination, destinationOffset, capacity, input, inputOffset, length);
            }
            return decompressor.decompressByteArrayToDirectByteBuffer(destination, destinationOffset, capacity,
                input.array(), input.arrayOffset() + inputOffset, length);
        }
        byte[] out = destination.array();
        int outOffset = destination.arrayOffset() + destinationOffset;
        if (input.isDirect()) {
            return decompressor.decompressDirectByteBufferToByteArray(out, outOffset, capacity, input, inputOffset, length);
        }
        return decompressor.decompressByteArray(out, outOffset, capacity, input.array(), input.arrayOffset() + inputOffset, length);
    }

    /** Copies the input into a kept scratch buffer of the wanted kind (grown to the input's length). */
    private ByteBuffer copy(ByteBuffer source, int offset, int length, boolean direct) {
        ByteBuffer scratch = direct ? directScratch : heapScratch;
        if (scratch == null || scratch.capacity() < length) {
            scratch = direct ? ByteBuffer.allocateDirect(length) : ByteBuffer.allocate(length);
            if (direct) {
                directScratch = scratch;
            } else {
                heapScratch = scratch;
            }
        }
        scratch.put(0, source, offset, length);
        return scratch;
    }

    @Override
    public void close() {
        compressor.close();
        decompressor.close();
        heapScratch = null;
        directScratch = null;
    }
}
