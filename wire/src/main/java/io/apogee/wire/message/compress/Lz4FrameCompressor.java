package io.apogee.wire.message.compress;

import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 bodies in the LZ4 frame format, as RocketMQ's {@code Lz4Compressor} writes them through lz4-java's
 * {@code LZ4FrameOutputStream} (independent 4 MiB blocks, no checksums, no content size); with the same block
 * codec the bytes are identical. The frame is written and read here, straight between buffers, so no 4 MiB
 * stream buffers are allocated per body. Reading accepts every frame option but dictionaries and linked blocks:
 * content size, block and content checksums (verified), smaller block sizes, concatenated frames.
 * Not thread-safe: one per thread.
 *
 * <pre>
 *   frame:  magic 0x184D2204 (LE) | FLG | BD | [content size, 8 LE] | header checksum | block* | 0 (int32 LE)
 *           | [content checksum, 4 LE]
 *   block:  size (int32 LE; bit 31 = stored uncompressed) | data | [block checksum, 4 LE]
 *   FLG:    bits 7-6 version 01, bit 5 block independence, bit 4 block checksum, bit 3 content size,
 *           bit 2 content checksum, bit 0 dictionary id
 *   BD:     bits 6-4 maximum block size: 4 = 64 KiB, 5 = 256 KiB, 6 = 1 MiB, 7 = 4 MiB
 * </pre>
 *
 * <p>Not thread-safe: one per thread.
 */
public final class Lz4FrameCompressor implements BodyCompressor {
    private static final int MAGIC = 0x184D2204;
    private static final int FLG_VERSION = 0x40;
    private static final int FLG_VERSION_MASK = 0xC0;
    private static final int FLG_BLOCK_INDEPENDENCE = 0x20;
    private static final int FLG_BLOCK_CHECKSUM = 0x10;
    private static final int FLG_CONTENT_SIZE = 0x08;
    private static final int FLG_CONTENT_CHECKSUM = 0x04;
    private static final int FLG_RESERVED = 0x02;
    private static final int FLG_DICTIONARY_ID = 0x01;
    private static final int BD_BLOCK_SIZE_SHIFT = 4;
    private static final int BD_BLOCK_SIZE_MASK = 0x7;
    private static final int BD_RESERVED = 0x8F;
    private static final int MIN_BLOCK_SIZE_CODE = 4;
    private static final int BLOCK_SIZE_CODE_4MB = 7;
    private static final int BLOCK_SIZE_BASE_SHIFT = 8;
    private static final int UNCOMPRESSED_BIT = 0x80000000;
    private static final int HEADER_CHECKSUM_SHIFT = 8;
    private static final int BYTE_MASK = 0xFF;
    private static final int MAGIC_LENGTH = 4;
    private static final int DESCRIPTOR_LENGTH = 2;
    private static final int CONTENT_SIZE_LENGTH = 8;
    private static final int WORD = 4;
    private static final int WRITTEN_FLG = FLG_VERSION | FLG_BLOCK_INDEPENDENCE;
    private static final int WRITTEN_BD = BLOCK_SIZE_CODE_4MB << BD_BLOCK_SIZE_SHIFT;
    private static final int WRITTEN_BLOCK_SIZE = blockSize(BLOCK_SIZE_CODE_4MB);
    private static final int WRITTEN_HEADER_LENGTH = MAGIC_LENGTH + DESCRIPTOR_LENGTH + 1;

    private final LZ4Compressor compressor;
    private final LZ4SafeDecompressor decompressor;
    private final FrameReader frame = new FrameReader();
    private ByteBuffer blockScratch;

    /** Uses the fastest LZ4 block codec available (native when it loads), as lz4-java's frame stream does. */
    public Lz4FrameCompressor() {
        LZ4Factory factory = LZ4Factory.fastestInstance();
        this.compressor = factory.fastCompressor();
        this.decompressor = factory.safeDecompressor();
    }

    private static int blockSize(int code) {
        return 1 << (2 * code + BLOCK_SIZE_BASE_SHIFT);
    }

    @Override
    public CompressionType type() {
        return CompressionType.LZ4;
    }

    @Override
    public int maxCompressedLength(int sourceLength) {
        long blocks = sourceLength / WRITTEN_BLOCK_SIZE + 1L;
        long bound = WRITTEN_HEADER_LENGTH + blocks * WORD + sourceLength + WORD;
        return (int) Math.min(bound, Integer.MAX_VALUE);
    }

    @Override
    public int compress(int level, ByteBuffer source, int sourceOffset, int sourceLength,
                        ByteBuffer destination, int destinationOffset, int capacity) {
        int end = destinationOffset + capacity;
        if (capacity < WRITTEN_HEADER_LENGTH + WORD) {
            return DOES_NOT_FIT;
        }
        int at = destinationOffset;
        destination.putInt(at, Integer.reverseBytes(MAGIC));
        destination.put(at + MAGIC_LENGTH, (byte) WRITTEN_FLG);
        destination.put(at + MAGIC_LENGTH + 1, (byte) WRITTEN_BD);
        int checksum = XxHash32.hash(destination, at + MAGIC_LENGTH, DESCRIPTOR_LENGTH, 0) >>> HEADER_CHECKSUM_SHIFT;
        destination.put(at + MAGIC_LENGTH + DESCRIPTOR_LENGTH, (byte) (checksum & BYTE_MASK));
        at += WRITTEN_HEADER_LENGTH;
        int read = sourceOffset;
        int sourceEnd = sourceOffset + sourceLength;
        while (read < sourceEnd) {
            int length = Math.min(WRITTEN_BLOCK_SIZE, sourceEnd - read);
            int room = end - at - WORD - WORD;
            if (room < 0) {
                return DOES_NOT_FIT;
            }
            int compressed = compressBlock(source, read, length, destination, at + WORD, room);
            if (compressed >= 0 && compressed < length) {
                destination.putInt(at, Integer.reverseBytes(compressed));
                at += WORD + compressed;
            } else {
                if (room < length) {
                    return DOES_NOT_FIT;
                }
                destination.putInt(at, Integer.reverseBytes(length | UNCOMPRESSED_BIT));
                destination.put(at + WORD, source, read, length);
                at += WORD + length;
            }
            read += length;
        }
        destination.putInt(at, 0);
        return at + WORD - destinationOffset;
    }

    /** Compresses one block into at most {@code room} bytes; -1 when it does not fit. */
    private int compressBlock(ByteBuffer source, int offset, int length, ByteBuffer destination, int at, int room) {
        int bound = compressor.maxCompressedLength(length);
        if (room >= bound) {
            return compressor.compress(source, offset, length, destination, at, bound);
        }
        try {
            return compressor.compress(source, offset, length, destination, at, room);
        } catch (LZ4Exception e) {
            return -1;
        }
    }

    @Override
    public int decompress(ByteBuffer source, int sourceOffset, int sourceLength, ByteBuffer destination, int destinationOffset,
                          int capacity) {
        frame.start(source, sourceOffset, sourceOffset + sourceLength, destination, destinationOffset,
            destinationOffset + capacity);
        do {
            if (!frame.readFrame()) {
                return DOES_NOT_FIT;
            }
        } while (frame.hasMoreInput());
        int length = frame.written - destinationOffset;
        frame.start(null, 0, 0, null, 0, 0);
        return length;
    }

    @Override
    public void close() {
        blockScratch = null;
    }

    private static MessageFormatException corrupt(String detail) {
        return new MessageFormatException(FormatError.CORRUPT_COMPRESSED_BODY, "lz4 frame: " + detail);
    }

    /** Decoding state of one {@link #decompress} call, reused across calls. */
    private final class FrameReader {
        private ByteBuffer source;
        private int sourceEnd;
        private ByteBuffer destination;
        private int destinationEnd;
        private int read;
        private int written;

        void start(ByteBuffer source, int read, int sourceEnd, ByteBuffer destination, int written, int destinationEnd) {
            this.source = source;
            this.read = read;
            this.sourceEnd = sourceEnd;
            this.destination = destination;
            this.written = written;
            this.destinationEnd = destinationEnd;
        }

        boolean hasMoreInput() {
            return read < sourceEnd;
        }

        /** Reads one frame; false when its output does not fit. */
        boolean readFrame() {
            int frameOutputStart = written;
            require(MAGIC_LENGTH + DESCRIPTOR_LENGTH + 1);
            if (Integer.reverseBytes(source.getInt(read)) != MAGIC) {
                throw corrupt("bad magic");
            }
            int flg = source.get(read + MAGIC_LENGTH) & BYTE_MASK;
            int bd = source.get(read + MAGIC_LENGTH + 1) & BYTE_MASK;
            if ((flg & FLG_VERSION_MASK) != FLG_VERSION || (flg & FLG_RESERVED) != 0 || (bd & BD_RESERVED) != 0) {
                throw corrupt("unsupported version or reserved bits set");
            }
            if ((flg & FLG_DICTIONARY_ID) != 0) {
                throw corrupt("dictionaries are not supported");
            }
            int code = (bd >>> BD_BLOCK_SIZE_SHIFT) & BD_BLOCK_SIZE_MASK;
            if (code < MIN_BLOCK_SIZE_CODE) {
                throw corrupt("bad block size code " + code);
            }
            int descriptorLength = DESCRIPTOR_LENGTH + ((flg & FLG_CONTENT_SIZE) != 0 ? CONTENT_SIZE_LENGTH : 0);
            require(MAGIC_LENGTH + descriptorLength + 1);
            int descriptorAt = read + MAGIC_LENGTH;
            int expected = XxHash32.hash(source, descriptorAt, descriptorLength, 0) >>> HEADER_CHECKSUM_SHIFT & BYTE_MASK;
            if ((source.get(descriptorAt + descriptorLength) & BYTE_MASK) != expected) {
                throw corrupt("header checksum mismatch");
            }
            long contentSize = (flg & FLG_CONTENT_SIZE) != 0 ? Long.reverseBytes(source.getLong(descriptorAt + DESCRIPTOR_LENGTH)) : -1;
            read = descriptorAt + descriptorLength + 1;
            if (!readBlocks(flg, blockSize(code))) {
                return false;
            }
            if ((flg & FLG_CONTENT_CHECKSUM) != 0) {
                require(WORD);
                int actual = XxHash32.hash(destination, frameOutputStart, written - frameOutputStart, 0);
                if (Integer.reverseBytes(source.getInt(read)) != actual) {
                    throw corrupt("content checksum mismatch");
                }
                read += WORD;
            }
            if (contentSize >= 0 && contentSize != written - frameOutputStart) {
                throw corrupt("content size " + contentSize + " but " + (written - frameOutputStart) + " bytes decoded");
            }
            return true;
        }

        /** Reads blocks up to the end mark; false when the output does not fit. */
        private boolean readBlocks(int flg, int maxBlockSize) {
            boolean independent = (flg & FLG_BLOCK_INDEPENDENCE) != 0;
            boolean checksummed = (flg & FLG_BLOCK_CHECKSUM) != 0;
            int blocks = 0;
            while (true) {
                require(WORD);
                int header = Integer.reverseBytes(source.getInt(read));
                read += WORD;
                if (header == 0) {
                    return true;
                }
                int length = header & ~UNCOMPRESSED_BIT;
                if (length > maxBlockSize) {
                    throw corrupt("block of " + length + " bytes exceeds the frame's maximum " + maxBlockSize);
                }
                require(length + (checksummed ? WORD : 0));
                if (!independent && blocks > 0) {
                    throw corrupt("linked blocks are not supported");
                }
                if (checksummed && Integer.reverseBytes(source.getInt(read + length)) != XxHash32.hash(source, read, length, 0)) {
                    throw corrupt("block checksum mismatch");
                }
                boolean fits = (header & UNCOMPRESSED_BIT) != 0 ? copyBlock(length) : decodeBlock(length, maxBlockSize);
                if (!fits) {
                    return false;
                }
                read += length + (checksummed ? WORD : 0);
                blocks++;
            }
        }

        private boolean copyBlock(int length) {
            if (destinationEnd - written < length) {
                return false;
            }
            destination.put(written, source, read, length);
            written += length;
            return true;
        }

        private boolean decodeBlock(int length, int maxBlockSize) {
            int room = destinationEnd - written;
            try {
                written += decompressor.decompress(source, read, length, destination, written, Math.min(room, maxBlockSize));
                return true;
            } catch (LZ4Exception e) {
                if (room >= maxBlockSize) {
                    throw corrupt("block does not decode");
                }
            }
            if (blockScratch == null || blockScratch.capacity() < maxBlockSize) {
                blockScratch = ByteBuffer.allocate(maxBlockSize);
            }
            try {
                decompressor.decompress(source, read, length, blockScratch, 0, maxBlockSize);
            } catch (LZ4Exception e) {
                throw corrupt("block does not decode");
            }
            return false;
        }

        private void require(int bytes) {
            if (sourceEnd - read < bytes) {
                throw corrupt("input ends early");
            }
        }
    }
}
