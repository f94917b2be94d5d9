/**
 * Compressed message bodies, interoperable with RocketMQ's compressors in both directions: zlib (RFC 1950,
 * {@link java.util.zip}), LZ4 frame format (as {@code Lz4Compressor} writes it, through lz4-java's block codec)
 * and zstd (zstd-jni). The sysflag's type bits choose the codec ({@link io.apogee.wire.message.compress.CompressionType});
 * {@link io.apogee.wire.message.compress.BodyCodec} holds one of each for a thread. All work between caller-supplied
 * buffers; output is bounded by the caller's capacity, never by a length read from the input. Codecs are per thread.
 */
package io.apogee.wire.message.compress;
