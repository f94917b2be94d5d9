package io.apogee.broker.request;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.HostAddress;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;

/**
 * One request from its read to its answer, and the one owner of what it uses: the connection it came on, a pooled
 * copy of its header (the decoder's is reused for the next frame), its body, and a response header of its own,
 * reused for every answer. It gives them all back exactly once, when it closes: when the answer is sent (or, for a
 * oneway request, would have been), when it is {@linkplain #close() dropped}, or when a failure is answered
 * SYSTEM_ERROR. Closing again, or answering a closed exchange, throws {@link IllegalStateException} and releases
 * nothing twice.
 *
 * <p>Not thread-safe: one thread owns an exchange at a time. The router opens it on an event loop, the family runs
 * its processor, and a processor that answers later {@linkplain #hold() holds} it before handing it on (to the store,
 * to a timer, to an event loop's task queue); the hand-over publishes it. The lifecycle stamp is volatile so that the
 * family can tell, after its processor returns, whether the exchange is still its own.
 */
public final class Exchange {
    private static final long STATE_MASK = 3;
    private static final long CLOSED = 0;
    private static final long OPEN = 1;
    private static final long HELD = 2;

    private final ExchangePool pool;
    private final Runnable queued = this::runQueued;
    private final RemotingHeader request = new RemotingHeader();
    private final RemotingHeader response = new RemotingHeader();
    private Peer peer;
    private ByteBuf body;
    private ConnectionState connection;
    private ProcessorFamily family;
    /** The number of opens so far, shifted left by two, with the state in the low bits. */
    private volatile long stamp;

    Exchange(ExchangePool pool) {
        this.pool = pool;
    }

    Exchange open(Peer from, RemotingHeader header, ByteBuf content) {
        this.peer = from;
        this.body = content;
        this.connection = ConnectionState.of(from);
        header.copyInto(request);
        response.clear();
        stamp = ((stamp >>> 2) + 1) << 2 | OPEN;
        return this;
    }

    /** The connection the request came on. */
    public Peer peer() {
        return peer;
    }

    /** The request's header: a copy owned by this exchange, valid until it closes. */
    public RemotingHeader request() {
        return request;
    }

    /** The body, possibly empty, owned by this exchange: read it, never release it (see {@link #releaseBody()}). */
    public ByteBuf body() {
        return body;
    }

    /** The peer's address as the born host of the records it sends (made once per connection). */
    public HostAddress bornHost() {
        return connection.bornHost();
    }

    /** True when the request is oneway: its answers are dropped, never written. */
    public boolean isOneway() {
        return request.isOneway();
    }

    /**
     * Keeps this exchange open past the processor's return, for an answer from elsewhere (a long-polling pull, a
     * send waiting on the store). Call before handing the exchange to another thread; from then on that thread owns
     * it and must close it.
     *
     * @return this exchange
     */
    public Exchange hold() {
        if ((stamp & STATE_MASK) != OPEN) {
            throw new IllegalStateException("only an open exchange can be held: " + this);
        }
        stamp = stamp & ~STATE_MASK | HELD;
        return this;
    }

    /**
     * Releases the body now, before the exchange closes: for a body already copied or stored, whose answer may take
     * a while. Does nothing when it is released already.
     */
    public void releaseBody() {
        if (body != null) {
            ByteBuf content = body;
            body = null;
            content.release();
        }
    }

    /**
     * The exchange's response header, made the answer to the request with {@code code} and {@code remark} (may be
     * null): add fields to it, then send it with {@link #replyWith}.
     */
    public RemotingHeader responseHeader(int code, String remark) {
        requireLive();
        return response.asResponseTo(request, code).remark(remark);
    }

    /** Answers {@code code} and {@code remark} (may be null) without a body, and closes. */
    public void reply(int code, String remark) {
        responseHeader(code, remark);
        replyWith(null);
    }

    /**
     * Sends the header last made by {@link #responseHeader} with {@code answerBody} (null for none; owned from here
     * on), unless the request is oneway, and closes. The frame is encoded on this thread.
     */
    public void replyWith(ByteBuf answerBody) {
        requireLive();
        try {
            if (request.isOneway()) {
                release(answerBody);
            } else {
                peer.respond(response, answerBody);
            }
        } finally {
            close();
        }
    }

    /**
     * As {@link #replyWith}, and {@code onWritten} hears when the frame has been written or has failed (the moment
     * resources behind the body may be freed). For a oneway request the body is released and {@code onWritten} is
     * not called: a processor holding resources behind a body answers no oneway request this way.
     */
    public void replyWritten(ByteBuf answerBody, ChannelFutureListener onWritten) {
        requireLive();
        try {
            if (request.isOneway()) {
                release(answerBody);
            } else {
                peer.respond(response, answerBody, onWritten);
            }
        } finally {
            close();
        }
    }

    /** Answers SUCCESS with {@code json} as the body, and closes. */
    public void replyJson(byte[] json) {
        responseHeader(ResponseCode.SUCCESS, null);
        replyWith(Unpooled.wrappedBuffer(json));
    }

    /** Answers SUCCESS with {@code json} written as the body (admin answers; Jackson, off the hot path). */
    public void replyJson(JsonNode json) {
        byte[] bytes;
        try {
            bytes = pool.json().writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
        replyJson(bytes);
    }

    /**
     * Closes without answering: for a oneway request once handled, or a request whose connection is gone. Releases
     * the body (when still held) and gives the exchange back to its pool; nothing may use it afterwards.
     */
    public void close() {
        long current = stamp;
        if ((current & STATE_MASK) == CLOSED) {
            throw new IllegalStateException("exchange closed twice");
        }
        releaseBody();
        // a spare keeps small headers only: a rare large request must not stay pinned by the pool
        request.clearAndTrim();
        response.clearAndTrim();
        peer = null;
        connection = null;
        family = null;
        stamp = current & ~STATE_MASK | CLOSED;
        pool.giveBack(this);
    }

    /** True while the exchange is held for a later answer. */
    public boolean isHeld() {
        return (stamp & STATE_MASK) == HELD;
    }

    /** True until the exchange closes. */
    public boolean isOpen() {
        return (stamp & STATE_MASK) != CLOSED;
    }

    /** The lifecycle stamp: the opens so far and the state. */
    long stamp() {
        return stamp;
    }

    /**
     * True when the exchange is still open, not held, and not opened again since {@code before} was read: the
     * thread that read it still owns it, and nobody answered.
     */
    boolean untouchedSince(long before) {
        return stamp == before && (before & STATE_MASK) == OPEN;
    }

    /** This exchange as the task that runs it through {@code target} on the family's thread. */
    Runnable queuedFor(ProcessorFamily target) {
        this.family = target;
        return queued;
    }

    private void runQueued() {
        ProcessorFamily target = family;
        family = null;
        target.run(this);
    }

    private void requireLive() {
        if ((stamp & STATE_MASK) == CLOSED) {
            throw new IllegalStateException("exchange already closed");
        }
    }

    private static void release(ByteBuf buffer) {
        if (buffer != null) {
            buffer.release();
        }
    }

    @Override
    public String toString() {
        return "Exchange{" + (peer == null ? "closed" : peer.address() + ", " + request) + '}';
    }
}
