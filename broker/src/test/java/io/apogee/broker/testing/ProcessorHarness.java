package io.apogee.broker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.request.ExchangePool;
import io.apogee.broker.request.Processor;
import io.apogee.broker.request.ProcessorFamily;
import io.apogee.broker.request.RequestRouter;
import io.apogee.transport.EmbeddedPeers;
import io.apogee.transport.FrameBuffers;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingFrameDecoder;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.CommandHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledHeapByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ResourceLeakDetector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One processor behind a {@link RequestRouter} whose family runs inline, reached over {@link Peer}s on Netty's
 * {@link EmbeddedChannel}: a test builds a request from a typed wire header (or raw ext fields, for bad ones) and a
 * body, writes its encoded frame inbound, and reads back the frames the channel wrote, decoded: answers, and requests
 * the broker sends itself (kept apart while an answer is looked for, read with {@link Connection#next()}). Every
 * request frame is kept and {@link #close()} checks that each was released and that nothing written was left unread;
 * the leak detector runs in paranoid mode while a harness is open.
 *
 * <p>Not thread-safe: the embedded channels run everything on the test's thread. Three ways a processor answers: at
 * once ({@link Connection#send}); later on the test's thread, held for a timer or a hand-over to the connection's
 * event loop ({@link Connection#sendHeld}, then {@link Connection#next()} once the test has driven the scheduler or
 * let the store's appender go, see {@link TempStore#stopAppender()}); or from a store agent's thread, which writes to
 * the channel itself ({@link Connection#sendLater}, whose answer the test awaits before touching the channel again).
 */
public final class ProcessorHarness implements AutoCloseable {
    /** The transport settings of every connection. */
    public static final TransportConfig CONFIG = TransportConfig.defaults();

    private final ResourceLeakDetector.Level leakLevel = ResourceLeakDetector.getLevel();
    private final RequestRouter router;
    private final List<Connection> connections = new ArrayList<>();
    private final List<ByteBuf> requests = new ArrayList<>();
    private final Connection first;
    private int opaque = 1;

    /** {@code processor} answering {@code codes}, with one connection open. */
    public ProcessorHarness(Processor processor, int... codes) {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        router = new RequestRouter(new ExchangePool(16)).route(ProcessorFamily.onIoThreads("under-test", () -> processor),
            codes);
        first = connect();
    }

    /** Opens another connection to the processor (another client). */
    public Connection connect() {
        Connection connection = new Connection(new EmbeddedChannel());
        connections.add(connection);
        return connection;
    }

    /** The first connection. */
    public Connection connection() {
        return first;
    }

    /** Sends a request on the first connection and returns its answer, which must have been written at once. */
    public Frame send(int code, CommandHeader header, byte[] body) {
        return first.send(code, header, body);
    }

    /** Sends a request with {@code header} and no body on the first connection, and returns its answer. */
    public Frame send(int code, CommandHeader header) {
        return first.send(code, header, null);
    }

    /** Sends a request with raw ext fields (for headers a typed class would not build) and returns its answer. */
    public Frame sendRaw(int code, Map<String, String> ext, byte[] body) {
        return first.sendRaw(code, ext, body);
    }

    /** Sends a oneway request on the first connection; true when its bytes were released and nothing was written. */
    public boolean sendOneway(int code, CommandHeader header, byte[] body) {
        return first.sendOneway(code, header, body);
    }

    /** The next frame the first connection wrote (running its pending tasks first), or null when there is none. */
    public Frame next() {
        return first.next();
    }

    /** True when the bytes of every request sent so far have been released (their exchanges closed). */
    public boolean requestsReleased() {
        return requests.stream().allMatch(request -> request.refCnt() == 0);
    }

    /** A body of UTF-8 text. */
    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Checks that every request's bytes were released and that nothing written was left unread, then closes the
     * connections and restores the leak detector's level.
     */
    @Override
    public void close() {
        try {
            for (Connection connection : connections) {
                connection.channel.runPendingTasks();
                assertThat(connection.channel.outboundMessages()).as("frames written and not read").isEmpty();
                assertThat(connection.fromBroker).as("requests from the broker not read").isEmpty();
            }
            for (ByteBuf request : requests) {
                assertThat(request.refCnt()).as("a request's bytes were released").isZero();
            }
        } finally {
            for (Connection connection : connections) {
                connection.channel.finishAndReleaseAll();
            }
            ResourceLeakDetector.setLevel(leakLevel);
        }
    }

    /** One client connection: a {@link Peer} on the broker's side of an embedded channel. */
    public final class Connection {
        private final EmbeddedChannel channel;
        private final Peer peer;
        /** Requests the broker sent on this connection, read while looking for an answer. */
        private final ArrayDeque<Frame> fromBroker = new ArrayDeque<>();
        /** A permit per flush of the channel, on whichever thread wrote. */
        private final Semaphore flushed = new Semaphore(0);

        private Connection(EmbeddedChannel channel) {
            this.channel = channel;
            this.peer = EmbeddedPeers.open(channel, CONFIG, router);
            channel.pipeline().addFirst("flushed", new ChannelOutboundHandlerAdapter() {
                @Override
                public void flush(ChannelHandlerContext ctx) {
                    ctx.flush();
                    flushed.release();
                }
            });
        }

        /** The broker's side of this connection. */
        public Peer peer() {
            return peer;
        }

        /** The embedded channel. */
        public EmbeddedChannel channel() {
            return channel;
        }

        /** Sends a request and returns its answer, which must have been written at once. */
        public Frame send(int code, CommandHeader header, byte[] body) {
            write(request(code, header, false), body);
            Frame answer = answer();
            assertThat(answer).as("an answer was written at once").isNotNull();
            return answer;
        }

        /** Sends a request with raw ext fields and returns its answer. */
        public Frame sendRaw(int code, Map<String, String> ext, byte[] body) {
            RemotingHeader header = new RemotingHeader().asRequest(code, opaque++);
            header.ext().putAll(ext);
            write(header, body);
            Frame answer = answer();
            assertThat(answer).as("an answer was written at once").isNotNull();
            return answer;
        }

        /** Sends a request that is answered later (held): nothing is written yet; read the answer with {@link #next}. */
        public void sendHeld(int code, CommandHeader header, byte[] body) {
            write(request(code, header, false), body);
            assertThat(answer()).as("no answer yet").isNull();
        }

        /**
         * Sends a request that a processor answers from another thread (a store agent completing an append): returns
         * at once; {@link Later#await()} waits for the answer's flush and for the request's bytes to be released (the
         * exchange's last step), and reads that answer. Leave the connection alone until then.
         */
        public Later sendLater(int code, CommandHeader header, byte[] body) {
            flushed.drainPermits();
            RequestBuf frame = write(request(code, header, false), body);
            return () -> {
                try {
                    assertThat(flushed.tryAcquire(10, TimeUnit.SECONDS)).as("an answer was flushed").isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                frame.awaitReleased();
                Frame answer = answer();
                assertThat(answer).as("an answer was written").isNotNull();
                return answer;
            };
        }

        /**
         * Sends a oneway request; true when its bytes were released and no answer was written (requests the broker
         * sent meanwhile are kept for {@link #next}).
         */
        public boolean sendOneway(int code, CommandHeader header, byte[] body) {
            RequestBuf frame = write(request(code, header, true), body);
            return answer() == null && frame.refCnt() == 0;
        }

        /**
         * The next frame written (running pending tasks first), decoded: first the broker's requests kept while
         * looking for an answer, then what the channel holds; null when there is none.
         */
        public Frame next() {
            if (!fromBroker.isEmpty()) {
                return fromBroker.poll();
            }
            channel.runPendingTasks();
            ByteBuf bytes = channel.readOutbound();
            return bytes == null ? null : decode(bytes);
        }

        /** The first response written, keeping the broker's requests before it for {@link #next}; null when none. */
        private Frame answer() {
            channel.runPendingTasks();
            for (ByteBuf bytes = channel.readOutbound(); bytes != null; bytes = channel.readOutbound()) {
                Frame frame = decode(bytes);
                if (frame.isResponse()) {
                    return frame;
                }
                fromBroker.add(frame);
            }
            return null;
        }

        /**
         * Answers {@code request}, one the broker sent on this connection, as the client would: a response frame with
         * the request's opaque, {@code code}, {@code remark} and {@code body} (may be null).
         */
        public void respond(Frame request, int code, String remark, byte[] body) {
            RemotingHeader response = new RemotingHeader().asRequest(code, request.opaque()).remark(remark)
                .flag(RemotingHeader.RESPONSE_FLAG);
            write(response, body);
        }

        /** Closes the connection from the client's side, running the close actions. */
        public void close() {
            channel.close();
            channel.runPendingTasks();
        }

        private RemotingHeader request(int code, CommandHeader header, boolean oneway) {
            RemotingHeader request = new RemotingHeader().asRequest(code, opaque++);
            if (header != null) {
                header.encode(request.ext());
            }
            return oneway ? request.flag(RemotingHeader.ONEWAY_FLAG) : request;
        }

        private RequestBuf write(RemotingHeader header, byte[] body) {
            ByteBuf encoded = FrameBuffers.encode(ByteBufAllocator.DEFAULT, new FrameEncoder(CONFIG.maxFrameSize()),
                header, body == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
            // one contiguous buffer, as a socket read gives: the decoder keeps it and the body is a slice of it
            RequestBuf frame = new RequestBuf(encoded.readableBytes());
            frame.writeBytes(encoded);
            encoded.release();
            requests.add(frame);
            channel.writeInbound(frame);
            return frame;
        }
    }

    /** An answer written from another thread. */
    @FunctionalInterface
    public interface Later {
        /** Waits (up to 10 s) for the answer and returns it. */
        Frame await();
    }

    /**
     * A request frame that tells when its last reference is released: the exchange's final step, so a thread that
     * waits for it sees the answer written before.
     */
    private static final class RequestBuf extends UnpooledHeapByteBuf {
        private final CountDownLatch released = new CountDownLatch(1);

        RequestBuf(int capacity) {
            super(UnpooledByteBufAllocator.DEFAULT, capacity, capacity);
        }

        @Override
        protected void deallocate() {
            super.deallocate();
            released.countDown();
        }

        void awaitReleased() {
            try {
                assertThat(released.await(10, TimeUnit.SECONDS)).as("the request was answered and released").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static Frame decode(ByteBuf bytes) {
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(CONFIG.maxFrameSize()));
        try {
            decoder.writeInbound(bytes);
            InboundFrame frame = decoder.readInbound();
            RemotingHeader header = frame.header();
            byte[] body = new byte[frame.body().readableBytes()];
            frame.body().readBytes(body);
            frame.body().release();
            return new Frame(header.code(), header.remark(), header.ext().toMap(), body, header.opaque(),
                header.isResponse(), header.isOneway(), header.version());
        } finally {
            assertThat(decoder.finishAndReleaseAll()).as("one whole frame").isFalse();
        }
    }

    /**
     * A decoded frame the broker wrote.
     *
     * @param code       the response code (or the request code of a request the broker sent)
     * @param remark     the remark, or null
     * @param ext        the ext fields
     * @param body       the body, empty when there is none
     * @param opaque     the opaque: a response's is its request's
     * @param isResponse true for a response
     * @param isOneway   true for a oneway request
     * @param version    the version field
     */
    public record Frame(int code, String remark, Map<String, String> ext, byte[] body, int opaque, boolean isResponse,
        boolean isOneway, int version) {
        /** The body as UTF-8 text. */
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The ext field {@code key}, or null. */
        public String ext(String key) {
            return ext.get(key);
        }
    }
}
