/**
 * Remoting frames, bytes to meaning and back: the length-prefixed envelope ({@link io.apogee.wire.frame.FrameLayout}),
 * the two header serializations (JSON, {@link io.apogee.wire.frame.JsonHeaderDecoder} and
 * {@link io.apogee.wire.frame.JsonHeaderEncoder}; ROCKETMQ binary, {@link io.apogee.wire.frame.BinaryHeaderLayout}
 * and its decoder and encoder), the logical {@link io.apogee.wire.frame.RemotingHeader} with its
 * {@link io.apogee.wire.frame.ExtFields} kept as byte ranges, and {@link io.apogee.wire.frame.HashMapOrder}, which
 * gives ext fields the order RocketMQ's HashMap would.
 *
 * <p>Threads: decoders, decoded frames, headers, ext fields and the HashMap-order utility are mutable and belong to
 * one thread each (a connection's event loop); the encoders and the layout classes are stateless and shared. Each
 * type's Javadoc says which it is in its first paragraph.
 *
 * <pre>
 *  transport bytes --&gt; FrameDecoder.decode(buffer, offset, length, DecodedFrame)
 *                          |-- NEED_MORE_BYTES            (wait for more; never an error)
 *                          |-- frame size &gt; 0             (header decoded, body = offset + length in the same buffer)
 *                          '-- CorruptFrameException      (FrameError kind + message: close the connection)
 *
 *  RemotingHeader --&gt; FrameEncoder.measure(header)         (exact size of prefix + header)
 *                 --&gt; FrameEncoder.encode(header, bodyLength, buffer, index)   (body follows, or goes as a slice)
 * </pre>
 *
 * <p>Decoders are bounded: every length is checked before it is used, a frame over the configured maximum is refused
 * from its first 4 bytes, nothing is allocated in proportion to an untrusted length, and "need more bytes" is kept
 * apart from "corrupt". Encoders produce RocketMQ 5.4.0's bytes exactly (fastjson2's JSON, RocketMQSerializable's
 * binary layout); the hot paths allocate nothing once warmed up.
 */
package io.apogee.wire.frame;
