/**
 * Message ids (docs/protocol.md §4.6): the offset message id the broker returns
 * ({@link io.apogee.wire.message.id.OffsetMessageId}) and the producer's UNIQ_KEY
 * ({@link io.apogee.wire.message.id.UniqueKeyGenerator}, {@link io.apogee.wire.message.id.UniqueKey}), written as
 * uppercase hex into buffers, char arrays or {@link java.lang.Appendable}s without garbage, and read back. The
 * generator is thread-safe; the parsers are per thread.
 */
package io.apogee.wire.message.id;
