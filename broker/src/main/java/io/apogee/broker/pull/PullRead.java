package io.apogee.broker.pull;

import io.apogee.store.read.ReadResult;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * A reusable read of up to {@value #MAX_MESSAGES} messages (or a range pull's cap) whose segments stay retained until the answer carrying
 * them has been written: it is the write's listener, and then releases the segments and goes back to its pool. One
 * per pull in flight instead of a new result (and its five arrays) per pull.
 *
 * <p>Taken and filled on the I/O thread that read the pull, completed on the connection's event loop; the pool is thread-safe.
 */
final class PullRead implements ChannelFutureListener {
    /** The most messages one pull returns. */
    static final int MAX_MESSAGES = 256;
    private static final int POOL_CAPACITY = 1024;

    /** Range reads are few (one consumer's queues) and large, so their pool is small. */
    private static final int RANGE_POOL_CAPACITY = 64;

    private final ReadResult result;
    private final ArrayBlockingQueue<PullRead> pool;

    private PullRead(ArrayBlockingQueue<PullRead> pool, int capacity) {
        this.pool = pool;
        this.result = new ReadResult(capacity);
    }

    /** An empty pool of reads of up to {@value #MAX_MESSAGES} messages. */
    static ArrayBlockingQueue<PullRead> newPool() {
        return new ArrayBlockingQueue<>(POOL_CAPACITY);
    }

    /** An empty pool of range reads. */
    static ArrayBlockingQueue<PullRead> newRangePool() {
        return new ArrayBlockingQueue<>(RANGE_POOL_CAPACITY);
    }

    /** A read from {@code pool}, or a new one of {@code capacity} messages when it is empty. */
    static PullRead take(ArrayBlockingQueue<PullRead> pool, int capacity) {
        PullRead read = pool.poll();
        return read == null ? new PullRead(pool, capacity) : read;
    }

    /** The result to read into. */
    ReadResult result() {
        return result;
    }

    /** Releases the segments and returns this read to its pool. */
    void recycle() {
        result.release();
        pool.offer(this);
    }

    /** The answer was written (or failed): the segments may go. */
    @Override
    public void operationComplete(ChannelFuture written) {
        recycle();
    }
}
