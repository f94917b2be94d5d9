package io.apogee.transport;

import io.apogee.common.time.Clock;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOutboundBuffer;

import java.net.InetSocketAddress;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/**
 * One connection, seen from either end: requests to the peer (with a response, or oneway), responses to the peer's
 * requests, and the requests still waiting for an answer. Thread-safe: any thread may send; a caller that is not
 * on the event loop waits while the channel is not writable (back-pressure), up to the request's deadline.
 *
 * <p>Requests are encoded on the caller's thread ({@link FrameBuffers}), so the header passed in is free for reuse
 * as soon as a call returns. The opaque and the flag bits of that header are set here.
 *
 * <p>The Netty channel stays inside the transport. What a user above needs of it is offered here: running a task
 * on the connection's event loop ({@link #execute}, {@link #inEventLoop}), an action on close ({@link #onClose}),
 * the remote address, the buffer allocator, and one slot for the user's own per-connection state
 * ({@link #attachment}).
 */
public final class Peer {
    private final Channel channel;
    private volatile String address;
    private final PendingRequests pending;
    private final FrameEncoder encoder;
    private final IntSupplier opaques;
    private final Clock clock;
    private final LongConsumer deadlines;
    private final Object writability = new Object();
    private final Queue<Runnable> writableTasks = new ConcurrentLinkedQueue<>();
    private volatile Object attachment;

    /** A peer whose requests with a response tell {@code deadlines} when they are due (to arm the timeout timer). */
    Peer(Channel channel, String address, FrameEncoder encoder, IntSupplier opaques, Clock clock, LongConsumer deadlines) {
        this.channel = channel;
        this.address = address;
        this.pending = new PendingRequests(this::address);
        this.encoder = encoder;
        this.opaques = opaques;
        this.clock = clock;
        this.deadlines = deadlines;
    }

    /** The peer's address as "host:port" (known once connected). */
    public String address() {
        return address;
    }

    void connected() {
        this.address = RemotingChannelInitializer.addressOf(channel.remoteAddress());
    }

    /** The peer's socket address, or null when the channel has none of the internet kind (a test channel). */
    public InetSocketAddress remoteAddress() {
        return channel.remoteAddress() instanceof InetSocketAddress inet ? inet : null;
    }

    /** The allocator of this connection's buffers: answers built from it go out without a copy. */
    public ByteBufAllocator alloc() {
        return channel.alloc();
    }

    /**
     * Runs {@code task} on this connection's event loop, after what is queued there already. For handing work back
     * to the thread that owns the connection; the task must not block.
     *
     * @throws java.util.concurrent.RejectedExecutionException if the event loop has stopped
     */
    public void execute(Runnable task) {
        channel.eventLoop().execute(task);
    }

    /** True when the calling thread is this connection's event loop. */
    public boolean inEventLoop() {
        return channel.eventLoop().inEventLoop();
    }

    /**
     * An identity for this connection's event loop, equal for every connection on the same loop: a key for state
     * kept once per loop and used only on it. Opaque: compare it, never cast it.
     */
    public Object eventLoopKey() {
        return channel.eventLoop();
    }

    /**
     * Runs {@code action} once the connection has closed, on its event loop; at once if it has closed already. The
     * action must not block.
     */
    public void onClose(Runnable action) {
        channel.closeFuture().addListener(closed -> action.run());
    }

    /**
     * The user's own state for this connection, or null: one slot, which the dispatcher above owns (the broker keeps
     * its connection record here). Any thread reads it; it is set once, before anyone reads it.
     */
    public Object attachment() {
        return attachment;
    }

    /** Sets {@link #attachment()}; the dispatcher calls it on the event loop, before any other use of the slot. */
    public void attach(Object value) {
        this.attachment = value;
    }

    /** True while the connection is open. */
    public boolean isActive() {
        return channel.isActive();
    }

    /** True while the channel's write buffer is below its high water mark. */
    public boolean isWritable() {
        return channel.isWritable();
    }

    /** Bytes written to the connection and not yet sent (the amount that writability is judged by). */
    public long pendingWriteBytes() {
        ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    /**
     * Runs {@code task} once the connection is writable again, or closed; at once (on this thread) if it is
     * already. For work that would otherwise queue answers behind a peer that is not reading them: a parked task
     * holds no buffers. The task runs on the event loop when parked, so it must only hand work over.
     */
    public void whenWritable(Runnable task) {
        if (channel.isWritable() || !channel.isActive()) {
            task.run();
            return;
        }
        writableTasks.add(task);
        if (channel.isWritable() || !channel.isActive()) {
            runWritableTasks();
        }
    }

    /** Runs every parked task; each runs once, whichever thread gets it. */
    private void runWritableTasks() {
        for (Runnable task = writableTasks.poll(); task != null; task = writableTasks.poll()) {
            task.run();
        }
    }

    /** Requests waiting for their response. */
    public int pendingRequests() {
        return pending.size();
    }

    PendingRequests pending() {
        return pending;
    }

    /**
     * Sends a request; {@code callback} gets the response or the failure, on the event loop. Takes ownership of
     * {@code body} (may be null).
     *
     * @throws IllegalArgumentException if the header cannot be encoded or the frame is too large (nothing was sent)
     */
    public void invoke(RemotingHeader header, ByteBuf body, long timeoutMillis, ResponseCallback callback) {
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        int opaque = opaques.getAsInt();
        header.opaque(opaque).flag(header.flag() & ~(RemotingHeader.RESPONSE_FLAG | RemotingHeader.ONEWAY_FLAG));
        if (!awaitWritable(deadline)) {
            release(body);
            callback.onFailure(new ResponseTimeoutException(address, "waiting for a writable connection", timeoutMillis));
            return;
        }
        ByteBuf frame = FrameBuffers.encode(channel.alloc(), encoder, header, body);
        pending.add(opaque, new PendingRequest(callback, deadline, timeoutMillis, header.code()));
        deadlines.accept(deadline);
        if (!channel.isActive()) {
            frame.release();
            PendingRequest request = pending.remove(opaque);
            if (request != null) {
                callback.onFailure(new ConnectionLostException(address, "connection closed"));
            }
            return;
        }
        channel.writeAndFlush(frame, channel.voidPromise());
    }

    /**
     * Sends a oneway request: no response will come, and none is awaited. Takes ownership of {@code body}.
     *
     * @return false if the connection was closed or stayed backed up for {@code timeoutMillis}; the request was
     *     dropped
     */
    public boolean invokeOneway(RemotingHeader header, ByteBuf body, long timeoutMillis) {
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        header.opaque(opaques.getAsInt()).flag((header.flag() | RemotingHeader.ONEWAY_FLAG) & ~RemotingHeader.RESPONSE_FLAG);
        if (!awaitWritable(deadline) || !channel.isActive()) {
            release(body);
            return false;
        }
        channel.writeAndFlush(FrameBuffers.encode(channel.alloc(), encoder, header, body), channel.voidPromise());
        return true;
    }

    /**
     * Answers a request of this peer. The header must be a response ({@link RemotingHeader#asResponseTo}, which
     * keeps the request's serialization); never answer a oneway request. The header must not change until written.
     */
    public void respond(OutboundFrame response) {
        if (!response.header().isResponse()) {
            release(response.body());
            throw new IllegalArgumentException("not a response: " + response.header());
        }
        channel.writeAndFlush(response, channel.voidPromise());
    }

    /**
     * Answers a request of this peer now: the frame is encoded on the calling thread, so {@code response} is free for
     * reuse as soon as this returns. Takes ownership of {@code body} (may be null). Never answer a oneway request.
     *
     * @throws IllegalArgumentException if the header is not a response or the frame is too large (nothing was sent)
     */
    public void respond(RemotingHeader response, ByteBuf body) {
        channel.writeAndFlush(encodeResponse(response, body), channel.voidPromise());
    }

    /**
     * As {@link #respond(RemotingHeader, ByteBuf)}, and {@code onWritten} hears when the frame has been written or
     * has failed (the moment resources behind the body may be freed).
     */
    public void respond(RemotingHeader response, ByteBuf body, ChannelFutureListener onWritten) {
        channel.writeAndFlush(encodeResponse(response, body)).addListener(onWritten);
    }

    private ByteBuf encodeResponse(RemotingHeader response, ByteBuf body) {
        if (!response.isResponse()) {
            release(body);
            throw new IllegalArgumentException("not a response: " + response);
        }
        return FrameBuffers.encode(channel.alloc(), encoder, response, body);
    }

    /** Closes the connection; its pending requests fail. */
    public void close() {
        channel.close();
    }

    void signalWritability() {
        synchronized (writability) {
            writability.notifyAll();
        }
        if (channel.isWritable() || !channel.isActive()) {
            runWritableTasks();
        }
    }

    /** Waits while the channel is open but backed up; never waits on the event loop. False if the deadline passed. */
    private boolean awaitWritable(long deadlineNanos) {
        if (channel.isWritable() || !channel.isActive() || channel.eventLoop().inEventLoop()) {
            return true;
        }
        synchronized (writability) {
            while (!channel.isWritable() && channel.isActive()) {
                long left = deadlineNanos - clock.nanos();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(writability, Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return true;
    }

    private static void release(ByteBuf body) {
        if (body != null) {
            body.release();
        }
    }

    @Override
    public String toString() {
        return "Peer{" + address + ", active=" + channel.isActive() + ", pending=" + pending.size() + '}';
    }
}
