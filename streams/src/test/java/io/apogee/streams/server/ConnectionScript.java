package io.apogee.streams.server;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link StreamConnection} on a Netty {@code EmbeddedChannel} over a registry in a test directory, and the client's
 * frames of the handshake. Close it to release the channel and the registry.
 */
final class ConnectionScript implements AutoCloseable {
    static final int FRAME_MAX = 65_536;

    final StreamRegistry registry;
    final EmbeddedChannel channel;

    ConnectionScript(Path dir) {
        this(dir, StreamPermissions.ALL);
    }

    /** A connection whose user may do what {@code permissions} allows. */
    ConnectionScript(Path dir, StreamPermissions permissions) {
        registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()), dir, 1 << 20, new ManualClock(1));
        StreamServerConfig config = new StreamServerConfig("127.0.0.1", 0, "127.0.0.1", FRAME_MAX, 0,
            Map.of("guest", "guest"), 1);
        StreamFrameDecoder decoder = new StreamFrameDecoder(StreamServerConfig.INITIAL_MAX_FRAME_SIZE);
        channel = new EmbeddedChannel(decoder, new StreamConnection(config, 5552, new Sasl(StreamUsers.of(config.users()), false),
            permissions, registry, new ConsumerGroups(), decoder));
    }

    /** Sends a frame of {@code key} and {@code version} whose content {@code content} writes. */
    void send(int key, int version, Consumer<ByteBuf> content) {
        ByteBuf out = Unpooled.buffer();
        int start = FrameLayout.begin(out, key, version);
        content.accept(out);
        channel.writeInbound(FrameLayout.finish(out, start));
    }

    void peerProperties() {
        send(CommandKey.PEER_PROPERTIES, 1, out -> out.writeInt(1).writeInt(0));
    }

    void saslHandshake() {
        send(CommandKey.SASL_HANDSHAKE, 1, out -> out.writeInt(2));
    }

    void saslPlain(String user, String password) {
        byte[] plain = ("\0" + user + "\0" + password).getBytes(StandardCharsets.UTF_8);
        send(CommandKey.SASL_AUTHENTICATE, 1, out -> {
            out.writeInt(3);
            FrameWriter.string(out, "PLAIN");
            out.writeInt(plain.length).writeBytes(plain);
        });
    }

    void tuneAndOpen() {
        send(CommandKey.TUNE | CommandKey.RESPONSE_FLAG, 1, out -> out.writeInt(FRAME_MAX).writeInt(0));
        send(CommandKey.OPEN, 1, out -> {
            out.writeInt(4);
            FrameWriter.string(out, "/");
        });
    }

    /** The whole handshake as guest, its answers left in the outbound queue. */
    void handshake() {
        peerProperties();
        saslHandshake();
        saslPlain("guest", "guest");
        tuneAndOpen();
    }

    @Override
    public void close() {
        channel.finishAndReleaseAll();
        registry.close();
    }
}
