/**
 * The body of a SEND_BATCH_MESSAGE request (docs/protocol.md §4.3): the client's
 * {@link io.apogee.wire.message.batch.BatchBodyEncoder} writes it from {@link io.apogee.wire.message.OutboundMessage}s
 * in one pass into one buffer, the broker's {@link io.apogee.wire.message.batch.BatchBodyReader} walks its entries in
 * place, and {@link io.apogee.wire.message.batch.BatchEntry} owns the entry layout. Encoders and readers are per
 * thread.
 */
package io.apogee.wire.message.batch;
