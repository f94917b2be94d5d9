package io.apogee.broker.server;

import io.apogee.broker.processor.Replies;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ArrayBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request queued for its family's thread: the task the router hands to the family's executor, reused from a
 * bounded pool instead of a new task per request.
 *
 * <p>Filled on an event loop, run on the family's thread (the executor's queue publishes it), then returned to the
 * pool, which is thread-safe.
 */
final class RoutedRequest implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(RoutedRequest.class);
    private static final int POOL_CAPACITY = 4096;

    private final ArrayBlockingQueue<RoutedRequest> pool;
    private ProcessorFamily family;
    private Peer peer;
    private RemotingHeader request;
    private ByteBuf body;

    private RoutedRequest(ArrayBlockingQueue<RoutedRequest> pool) {
        this.pool = pool;
    }

    /** An empty pool of tasks. */
    static ArrayBlockingQueue<RoutedRequest> newPool() {
        return new ArrayBlockingQueue<>(POOL_CAPACITY);
    }

    /** A task from {@code pool} (or a new one) for {@code request} to {@code family}. */
    static RoutedRequest of(ArrayBlockingQueue<RoutedRequest> pool, ProcessorFamily family, Peer peer, RemotingHeader request,
        ByteBuf body) {
        RoutedRequest task = pool.poll();
        if (task == null) {
            task = new RoutedRequest(pool);
        }
        task.family = family;
        task.peer = peer;
        task.request = request;
        task.body = body;
        return task;
    }

    @Override
    public void run() {
        ProcessorFamily target = family;
        Peer from = peer;
        RemotingHeader header = request;
        ByteBuf content = body;
        recycle();
        process(target, from, header, content);
    }

    /** Runs {@code request} through {@code family}'s processor on this thread; a failure is answered SYSTEM_ERROR. */
    static void process(ProcessorFamily family, Peer peer, RemotingHeader request, ByteBuf body) {
        try {
            family.processor().process(peer, request, body);
        } catch (RuntimeException e) {
            LOG.warn("{}: {} failed on {}", peer.address(), family.name(), request, e);
            Replies.send(peer, request, ResponseCode.SYSTEM_ERROR, e.toString());
        }
    }

    /** Forgets the request and goes back to the pool (the request itself is not touched). */
    void recycle() {
        family = null;
        peer = null;
        request = null;
        body = null;
        pool.offer(this);
    }
}
