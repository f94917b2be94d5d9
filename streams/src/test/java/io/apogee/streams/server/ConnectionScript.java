package io.apogee.streams.server;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamFlusher;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link StreamConnection} on a Netty {@code EmbeddedChannel} over a registry in a test directory, and the client's
 * frames of the handshake. Close it to release the channel and the registry.
 */
final class ConnectionScript implements AutoCloseable {
    static final int FRAME_MAX = 65_536;
    /**
     * The scripts' flusher: it never forces on its own (its interval is an hour) and confirms wait for none, as with
     * {@code ASYNC_FLUSH}, so what a script sees happens on its own thread.
     */
    private static final StreamFlusher FLUSHER = new StreamFlusher(List::of, false, Duration.ofHours(1));

    final StreamRegistry registry;
    final EmbeddedChannel channel;
    final ConsumerGroups groups;
    private final StreamPermissions permissions;
    private final boolean ownsRegistry;

    ConnectionScript(Path dir) {
        this(dir, new ConsumerGroups());
    }

    /** A connection over a new registry in {@code dir}, whose consumer groups are {@code groups}. */
    ConnectionScript(Path dir, ConsumerGroups groups) {
        this(dir, groups, StreamPermissions.ALL);
    }

    /** A connection whose user may do what {@code permissions} allows. */
    ConnectionScript(Path dir, StreamPermissions permissions) {
        this(dir, new ConsumerGroups(), permissions);
    }

    private ConnectionScript(Path dir, ConsumerGroups groups, StreamPermissions permissions) {
        this(StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()), dir, 1 << 20, new ManualClock(1)), groups,
            permissions, true);
    }

    private ConnectionScript(StreamRegistry registry, ConsumerGroups groups, StreamPermissions permissions,
        boolean ownsRegistry) {
        this.registry = registry;
        this.groups = groups;
        this.permissions = permissions;
        this.ownsRegistry = ownsRegistry;
        StreamServerConfig config = new StreamServerConfig("127.0.0.1", 0, "127.0.0.1", FRAME_MAX, 0,
            Map.of("guest", "guest"), 1);
        StreamFrameDecoder decoder = new StreamFrameDecoder(StreamServerConfig.INITIAL_MAX_FRAME_SIZE);
        channel = new EmbeddedChannel(decoder, new StreamConnection(config, 5552,
            new Sasl(StreamUsers.of(config.users()), false), permissions, registry, groups, decoder, new StreamTraffic(),
            FLUSHER));
    }

    /** Another connection to the same registry, consumer groups and permissions; closing it leaves them open. */
    ConnectionScript another() {
        return new ConnectionScript(registry, groups, permissions, false);
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
        tuneAndOpen(0);
    }

    /** Tune with {@code heartbeatSeconds} (0: none), then open. */
    void tuneAndOpen(int heartbeatSeconds) {
        send(CommandKey.TUNE | CommandKey.RESPONSE_FLAG, 1, out -> out.writeInt(FRAME_MAX).writeInt(heartbeatSeconds));
        send(CommandKey.OPEN, 1, out -> {
            out.writeInt(4);
            FrameWriter.string(out, "/");
        });
    }

    /** The whole handshake as guest, its answers left in the outbound queue. */
    void handshake() {
        handshake(0);
    }

    /** The whole handshake as guest with a heartbeat of {@code heartbeatSeconds}, its answers left in the outbound queue. */
    void handshake(int heartbeatSeconds) {
        peerProperties();
        saslHandshake();
        saslPlain("guest", "guest");
        tuneAndOpen(heartbeatSeconds);
    }

    @Override
    public void close() {
        channel.finishAndReleaseAll();
        if (ownsRegistry) {
            registry.close();
        }
    }
}
