/**
 * The client's view of a PULL_MESSAGE response body: {@link io.apogee.wire.message.pull.PullBodyDecoder} walks the
 * concatenated stored records in place and hands out one reusable {@link io.apogee.wire.message.pull.PulledMessage}
 * per record, whose properties, ids and decompressed body are produced only when asked. Every record is checked
 * before it is read; bad input raises {@link io.apogee.wire.message.MessageFormatException}. Per consumer thread.
 */
package io.apogee.wire.message.pull;
