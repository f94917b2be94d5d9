package io.apogee.streams.server;

import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.log.StreamFlusher;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.MalformedFrameException;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection of the stream protocol: checks the handshake order (peer properties, SASL, tune, open), then
 * routes each frame by key to the handshake here, the stream commands ({@link StreamCommands}), the publishers
 * ({@link Publishers}) or the subscriptions ({@link Subscriptions}). A frame that is malformed, of an unknown key or
 * version, or out of order closes the connection with a close frame naming it.
 *
 * <p>Not thread-safe: one per connection, called on its event loop only.
 */
final class StreamConnection extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(StreamConnection.class);
    static final int VERSION_1 = 1;
    static final int VERSION_2 = 2;
    static final int MAX_STRING = 256;
    /** The RabbitMQ version answered in the peer properties: the one whose stream protocol is served. */
    static final String PROTOCOL_VERSION = "3.13.0";
    private static final int MAX_PROPERTIES = 256;
    /** What a deliver frame holds besides a chunk's data: the deliver v2 header and the chunk header. */
    private static final int DELIVER_OVERHEAD = 17 + ChunkLayout.HEADER_LENGTH;

    private enum State { PEER_PROPERTIES, SASL_HANDSHAKE, SASL_AUTHENTICATE, TUNE, OPEN_WAIT, OPEN }

    private final StreamServerConfig config;
    private final int advertisedPort;
    private final Sasl sasl;
    private final StreamFrameDecoder decoder;
    private final FrameReader reader = new FrameReader();
    private final StreamCommands streams;
    private final Publishers publishers;
    private final Subscriptions subscriptions;
    private final SuperStreamCommands superStreams;
    private final OffsetResolution offsets;
    private final ConnectionAccess access;
    private HeartbeatTimeout heartbeatTimeout;
    private State state = State.PEER_PROPERTIES;
    private ChannelHandlerContext ctx;
    private Responder responder;

    /**
     * A connection of the listener on {@code advertisedPort}, the port metadata and open answer, so that a client is
     * sent back to the listener it came in by (TLS or plaintext). What its user may do is asked of
     * {@code permissions}.
     */
    StreamConnection(StreamServerConfig config, int advertisedPort, Sasl sasl, StreamPermissions permissions,
        StreamRegistry registry, ConsumerGroups groups, StreamFrameDecoder decoder, StreamTraffic traffic,
        StreamFlusher flusher) {
        this.config = config;
        this.advertisedPort = advertisedPort;
        this.sasl = sasl;
        this.decoder = decoder;
        this.access = new ConnectionAccess(permissions);
        PeerVersions peer = new PeerVersions();
        this.streams = new StreamCommands(registry, peer, access, config.advertisedHost(), advertisedPort);
        // a gathered chunk fits in one deliver frame: its 17-byte header and the chunk's 48-byte header come first
        this.publishers = new Publishers(registry, access, config.maxFrameSize() - DELIVER_OVERHEAD, traffic, flusher);
        this.subscriptions = new Subscriptions(registry, groups, peer, access, traffic);
        this.superStreams = new SuperStreamCommands(registry, access);
        this.offsets = new OffsetResolution(registry, access);
    }

    /** Its publishers now, for a gauge read from another thread (see {@link Publishers#count()}). */
    int publishers() {
        return publishers.count();
    }

    /** Its subscriptions now, for a gauge read from another thread (see {@link Subscriptions#count()}). */
    int consumers() {
        return subscriptions.count();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.responder = new Responder(context);
        this.heartbeatTimeout = new HeartbeatTimeout(context.channel());
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        ByteBuf frame = (ByteBuf) message;
        try {
            onFrame(frame);
        } catch (MalformedFrameException e) {
            Closing.closeWith(context.channel(), ResponseCode.UNKNOWN_FRAME, "malformed frame: " + e.getMessage());
        } finally {
            frame.release();
        }
    }

    private void onFrame(ByteBuf frame) {
        int key = FrameLayout.key(frame);
        int version = FrameLayout.version(frame);
        reader.wrap(frame.skipBytes(FrameLayout.COMMAND_HEADER_LENGTH));
        if (key != CommandKey.PUBLISH) {
            publishers.flush(responder); // what was published before this frame is written and confirmed first
        }
        if (version != VERSION_1 && !(version == VERSION_2 && key == CommandKey.PUBLISH)) {
            closeWith(ResponseCode.UNKNOWN_FRAME, "unsupported version " + version + " of command " + key);
            return;
        }
        if (key == CommandKey.HEARTBEAT) {
            reader.end("heartbeat");
            return;
        }
        if (key == CommandKey.CLOSE) {
            onClose();
            return;
        }
        if (key == (CommandKey.CLOSE | CommandKey.RESPONSE_FLAG)) {
            ctx.close(); // the answer to a close of ours
            return;
        }
        if (state != State.OPEN) {
            onHandshake(key);
            return;
        }
        Responder out = responder;
        boolean handled = publishers.handles(key) ? publishers.on(key, version, reader, out)
            : subscriptions.handles(key) ? subscriptions.on(key, reader, out)
            : superStreams.handles(key) ? superStreams.on(key, reader, out)
            : offsets.handles(key) ? offsets.on(reader, out)
            : streams.on(key, reader, out);
        if (!handled) {
            closeWith(ResponseCode.UNKNOWN_FRAME, "unknown command key " + key);
        }
    }

    private void onHandshake(int key) {
        State expected = switch (key) {
            case CommandKey.PEER_PROPERTIES -> State.PEER_PROPERTIES;
            case CommandKey.SASL_HANDSHAKE -> State.SASL_HANDSHAKE;
            case CommandKey.SASL_AUTHENTICATE -> State.SASL_AUTHENTICATE;
            // the Java client answers tune as a response (0x8014), the Node.js client with tune itself (0x0014);
            // RabbitMQ takes both
            case CommandKey.TUNE | CommandKey.RESPONSE_FLAG, CommandKey.TUNE -> State.TUNE;
            case CommandKey.OPEN -> State.OPEN_WAIT;
            default -> null;
        };
        // the handshake may repeat SASL (a client asks for the mechanisms, then authenticates)
        boolean inOrder = expected == state || (expected == State.SASL_HANDSHAKE && state == State.SASL_AUTHENTICATE);
        if (!inOrder) {
            closeWith(ResponseCode.UNKNOWN_FRAME, "command " + key + " out of order before open (expected " + state + ")");
            return;
        }
        switch (expected) {
            case PEER_PROPERTIES -> onPeerProperties();
            case SASL_HANDSHAKE -> onSaslHandshake();
            case SASL_AUTHENTICATE -> onSaslAuthenticate();
            case TUNE -> onTune();
            case OPEN_WAIT -> onOpen();
            default -> throw new IllegalStateException(expected.name());
        }
    }

    private void onPeerProperties() {
        int correlationId = reader.int32("correlation id");
        int count = reader.arrayLength("peer properties", MAX_PROPERTIES);
        for (int i = 0; i < count; i++) {
            reader.string("property key", MAX_STRING);
            reader.string("property value", Short.MAX_VALUE);
        }
        reader.end("peer properties");
        ByteBuf out = ctx.alloc().buffer();
        int start = FrameWriter.beginResponse(out, CommandKey.PEER_PROPERTIES, VERSION_1, correlationId, ResponseCode.OK);
        out.writeInt(3);
        FrameWriter.string(out, "product");
        FrameWriter.string(out, "Apogee");
        // clients read the server's RabbitMQ version to pick features (the Node.js client fails without one): the
        // version whose stream protocol this server speaks, filtering included
        FrameWriter.string(out, "version");
        FrameWriter.string(out, PROTOCOL_VERSION);
        FrameWriter.string(out, "platform");
        FrameWriter.string(out, "Java " + Runtime.version().feature());
        ctx.writeAndFlush(FrameLayout.finish(out, start));
        state = State.SASL_HANDSHAKE;
    }

    private void onSaslHandshake() {
        int correlationId = reader.int32("correlation id");
        reader.end("sasl handshake");
        ByteBuf out = ctx.alloc().buffer();
        int start = FrameWriter.beginResponse(out, CommandKey.SASL_HANDSHAKE, VERSION_1, correlationId, ResponseCode.OK);
        List<String> mechanisms = sasl.mechanisms(ctx.channel());
        out.writeInt(mechanisms.size());
        for (String mechanism : mechanisms) {
            FrameWriter.string(out, mechanism);
        }
        ctx.writeAndFlush(FrameLayout.finish(out, start));
        state = State.SASL_AUTHENTICATE;
    }

    private void onSaslAuthenticate() {
        int correlationId = reader.int32("correlation id");
        String mechanism = reader.requiredString("mechanism", MAX_STRING);
        int length = reader.bytesLength("sasl opaque data");
        byte[] data = new byte[Math.max(length, 0)];
        reader.frame().readBytes(data);
        reader.end("sasl authenticate");
        Responder out = responder;
        Sasl.Login login = sasl.authenticate(mechanism, data, ctx.channel());
        int code = login.code();
        if (code == ResponseCode.SASL_MECHANISM_NOT_SUPPORTED) {
            out.respond(CommandKey.SASL_AUTHENTICATE, correlationId, code);
            return;
        }
        if (code != ResponseCode.OK) {
            out.respond(CommandKey.SASL_AUTHENTICATE, correlationId, code);
            closeWith(code, "authentication failed");
            return;
        }
        access.login(login.user(), ctx.channel().remoteAddress());
        out.respond(CommandKey.SASL_AUTHENTICATE, correlationId, ResponseCode.OK);
        ByteBuf tune = ctx.alloc().buffer();
        int start = FrameLayout.begin(tune, CommandKey.TUNE, VERSION_1);
        tune.writeInt(config.maxFrameSize()).writeInt(config.heartbeatSeconds());
        ctx.writeAndFlush(FrameLayout.finish(tune, start));
        state = State.TUNE;
    }

    private void onTune() {
        long frameMax = reader.uint32("frame max");
        long heartbeat = reader.uint32("heartbeat");
        reader.end("tune");
        if (frameMax == 0 || frameMax > config.maxFrameSize()) {
            frameMax = config.maxFrameSize();
        }
        decoder.maxFrameSize((int) frameMax);
        if (heartbeat > 0) {
            ctx.pipeline().addBefore(ctx.name(), "stream-heartbeat", new IdleStateHandler(0, heartbeat, 0, TimeUnit.SECONDS));
            heartbeatTimeout.start(heartbeat);
        }
        state = State.OPEN_WAIT;
    }

    private void onOpen() {
        int correlationId = reader.int32("correlation id");
        String virtualHost = reader.requiredString("virtual host", MAX_STRING);
        reader.end("open");
        if (!"/".equals(virtualHost)) {
            responder.respond(CommandKey.OPEN, correlationId, ResponseCode.VIRTUAL_HOST_ACCESS_FAILURE);
            closeWith(ResponseCode.VIRTUAL_HOST_ACCESS_FAILURE, "unknown virtual host " + virtualHost);
            return;
        }
        ByteBuf out = ctx.alloc().buffer();
        int start = FrameWriter.beginResponse(out, CommandKey.OPEN, VERSION_1, correlationId, ResponseCode.OK);
        out.writeInt(2);
        FrameWriter.string(out, "advertised_host");
        FrameWriter.string(out, config.advertisedHost());
        FrameWriter.string(out, "advertised_port");
        FrameWriter.string(out, Integer.toString(advertisedPort));
        ctx.writeAndFlush(FrameLayout.finish(out, start));
        state = State.OPEN;
    }

    private void onClose() {
        int correlationId = reader.int32("correlation id");
        reader.uint16("closing code");
        reader.string("closing reason", Short.MAX_VALUE);
        reader.end("close");
        responder.respond(CommandKey.CLOSE, correlationId, ResponseCode.OK)
            .addListener(future -> ctx.close());
    }

    private void closeWith(int code, String reason) {
        Closing.closeWith(ctx.channel(), code, reason);
    }

    /**
     * Decides its publishers and subscriptions again: the permissions changed. On the event loop, between reads; a
     * connection not open yet has neither.
     */
    void permissionsChanged() {
        if (state == State.OPEN && ctx.channel().isActive()) {
            publishers.recheck();
            subscriptions.recheck();
        }
    }

    /**
     * The frames read in one go are handled: the publishes among them are written as one chunk and confirmed. Every read
     * of the socket comes here, one that holds only part of a frame too, so the client counts as heard from.
     */
    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        heartbeatTimeout.heard();
        publishers.flush(responder);
        context.fireChannelReadComplete();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event instanceof IdleStateEvent) {
            ByteBuf out = context.alloc().buffer(FrameLayout.SIZE_LENGTH + FrameLayout.COMMAND_HEADER_LENGTH);
            int start = FrameLayout.begin(out, CommandKey.HEARTBEAT, VERSION_1);
            context.writeAndFlush(FrameLayout.finish(out, start));
        } else {
            context.fireUserEventTriggered(event);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (context.channel().isWritable()) {
            subscriptions.resume();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        heartbeatTimeout.stop();
        publishers.flush(responder); // whole frames read before the close are stored, as they would have been alone
        subscriptions.closeAll();
        publishers.closeAll();
        context.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof IOException) {
            context.close(); // the socket failed: nothing more can be sent
            return;
        }
        if (cause instanceof DecoderException && cause.getCause() instanceof SSLException) {
            // on the TLS port: a plaintext client or a failed handshake; there is no channel to say so on
            LOG.debug("stream connection {} closed: {}", context.channel().remoteAddress(), cause.getCause().getMessage());
            context.close();
            return;
        }
        LOG.warn("stream connection {} failed; closing it", context.channel().remoteAddress(), cause);
        Closing.closeWith(context.channel(), ResponseCode.INTERNAL_ERROR, "internal error");
    }
}
