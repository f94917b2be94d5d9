package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessQueueTest {
    private final ProcessQueue queue = new ProcessQueue(new MessageQueue("T", "b", 0), 10, 32, 1);

    @Test
    void countsCachedMessagesAndBytesUntilConsumedAndMovesTheOffset() {
        PulledBatch first = batch(3, 100, 13);
        PulledBatch second = batch(2, 50, 15);

        assertThat(queue.offer(first)).as("the first batch starts a consume task").isTrue();
        assertThat(queue.offer(second)).as("the task is still running").isFalse();
        assertThat(queue.cachedMessages()).isEqualTo(5);
        assertThat(queue.cachedBytes()).isEqualTo(150);

        assertThat(queue.poll()).isSameAs(first);
        queue.consumed(first);
        first.body().release();
        assertThat(queue.committedOffset()).isEqualTo(13);
        assertThat(queue.cachedMessages()).isEqualTo(2);

        assertThat(queue.poll()).isSameAs(second);
        queue.consumed(second);
        second.body().release();
        assertThat(queue.poll()).as("the task ends").isNull();
        assertThat(queue.committedOffset()).isEqualTo(15);
        assertThat(queue.offer(batch(1, 1, 16))).as("a new batch starts a new task").isTrue();
        queue.drop();
    }

    @Test
    void dropReleasesQueuedBatchesAndRefusesNewOnes() {
        PulledBatch queued = batch(4, 40, 14);
        queue.offer(queued);

        queue.drop();
        PulledBatch late = batch(1, 1, 15);

        assertThat(queued.body().refCnt()).isZero();
        assertThat(queue.offer(late)).isFalse();
        assertThat(late.body().refCnt()).isZero();
        assertThat(queue.cachedMessages()).isZero();
        assertThat(queue.poll()).isNull();
        assertThat(queue.committedOffset()).as("nothing was consumed").isEqualTo(10);
    }

    private static PulledBatch batch(int messages, int bytes, long next) {
        ByteBuf body = Unpooled.buffer(bytes).writerIndex(bytes);
        return new PulledBatch(body, body.nioBuffer(), messages, next);
    }
}
