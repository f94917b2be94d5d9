/**
 * Apache RocketMQ's message layouts, read and written in place in {@link java.nio.ByteBuffer}s (absolute
 * indexing, heap or direct, in the JDK's default big-endian order, which is also Netty's): the properties string
 * (docs/protocol.md §4.1), the outbound message a client fills, sysflag bits, consume-queue entries, tag hash
 * codes, host addresses and body CRCs.
 *
 * <p>Sub-packages own the larger layouts: {@code batch} (the SEND_BATCH_MESSAGE body), {@code record} (the stored
 * record, which is also the PULL body), {@code id} (message ids and UNIQ_KEY), {@code compress} (zlib, LZ4 frame
 * and zstd bodies) and {@code pull} (the client's decoder of PULL response bodies).
 *
 * <p>Flyweights and codecs here are per thread unless a class says otherwise; constants and static helpers are
 * safe for any thread. Corrupt input raises {@link io.apogee.wire.message.MessageFormatException} (stackless,
 * with a {@link io.apogee.wire.message.FormatError}); expected outcomes are return values.
 */
package io.apogee.wire.message;
