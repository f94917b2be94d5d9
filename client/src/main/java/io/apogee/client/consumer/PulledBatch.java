package io.apogee.client.consumer;

import io.netty.buffer.ByteBuf;

import java.nio.ByteBuffer;

/**
 * One PULL_MESSAGE response waiting to be consumed: the retained body, a view of it for wire's decoder, how many
 * messages and bytes it holds (for flow control), and the offset after it. Its records were checked one by one
 * when it was made ({@link io.apogee.wire.message.pull.PullBodyDecoder#count()}), so delivery does not check them again. Immutable as a holder; the body is
 * released once, by whoever consumes or drops the batch.
 *
 * @param body            the retained body
 * @param view            the body's bytes, from {@code view.position()} to {@code view.limit()}
 * @param messages        messages in the body
 * @param nextBeginOffset where the queue continues
 */
record PulledBatch(ByteBuf body, ByteBuffer view, int messages, long nextBeginOffset) {
    int bytes() {
        return view.remaining();
    }
}
