package io.apogee.transport.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers a server writes while it decrypts one read's requests leave in one TLS record at the flush, not one
 * record each; a connection's writes wait for its flush, counting towards its writability meanwhile. The server is an
 * {@link EmbeddedChannel} behind the TLS mode handler, the client a JDK TLS engine driven by hand.
 */
class FlushBatcherTest {
    private static final int REQUESTS = 8;
    private static final int RECORD_HEADER = 5;
    private static final byte APPLICATION_DATA = 23;

    @TempDir
    Path dir;

    @Test
    void theAnswersToOneReadOfRequestsLeaveInOneTlsRecord() throws Exception {
        ServerTls tls = ServerTls.of(TlsMode.ENFORCING, ServerCertificate.keptIn(dir), ClientAuthMode.NONE, null);
        EmbeddedChannel server = new EmbeddedChannel(tls.modeHandler(refusal -> { }), new EchoUntilReadComplete());
        SSLEngine client = SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
            .trustManager(InsecureTrustManagerFactory.INSTANCE).build().newEngine(ByteBufAllocator.DEFAULT);
        Pump pump = new Pump(client, server);
        pump.handshake();

        ByteBuf requests = Unpooled.buffer();
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < REQUESTS; i++) {
            String request = "request " + i + ";";
            expected.append(request);
            requests.writeBytes(pump.wrap(request));
        }
        server.writeInbound(requests);
        ByteBuffer answers = pump.drainServer();

        assertThat(records(answers.duplicate())).as("TLS records of the answers").isEqualTo(1);
        assertThat(pump.unwrapAll(answers)).isEqualTo(expected.toString());
        server.finishAndReleaseAll();
    }

    @Test
    void writesWaitForTheFlushAndCountTowardsWritability() {
        EmbeddedChannel channel = new EmbeddedChannel(new FlushBatcher());
        ByteBuf frame = Unpooled.copiedBuffer("frame", StandardCharsets.US_ASCII);
        channel.write(frame);
        Object held = channel.readOutbound();
        assertThat(held).as("a write before the flush").isNull();
        assertThat(channel.unsafe().outboundBuffer().totalPendingWriteBytes()).as("held bytes").isGreaterThanOrEqualTo(5);

        channel.flush();
        ByteBuf written = channel.readOutbound();
        assertThat(written.toString(StandardCharsets.US_ASCII)).isEqualTo("frame");
        written.release();
        assertThat(channel.unsafe().outboundBuffer().totalPendingWriteBytes()).isZero();
        assertThat(channel.finish()).isFalse();
    }

    /** The TLS records in {@code bytes}, each of them application data. */
    private static int records(ByteBuffer bytes) {
        int records = 0;
        while (bytes.remaining() >= RECORD_HEADER) {
            assertThat(bytes.get(bytes.position())).isEqualTo(APPLICATION_DATA);
            int length = bytes.getShort(bytes.position() + 3) & 0xFFFF;
            bytes.position(bytes.position() + RECORD_HEADER + length);
            records++;
        }
        assertThat(bytes.remaining()).isZero();
        return records;
    }

    /** Echoes each decrypted chunk and flushes once the read is complete, as a server connection answers requests. */
    private static final class EchoUntilReadComplete extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    /** Moves bytes between a client TLS engine and the server channel. Test thread only. */
    private static final class Pump {
        private static final int MAX_STEPS = 100;

        private final SSLEngine client;
        private final EmbeddedChannel server;
        private final ByteBuffer out;
        private final ByteBuffer in;

        Pump(SSLEngine client, EmbeddedChannel server) {
            this.client = client;
            this.server = server;
            this.out = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
            this.in = ByteBuffer.allocate(client.getSession().getApplicationBufferSize() * 4);
        }

        void handshake() throws SSLException {
            client.beginHandshake();
            ByteBuffer fromServer = ByteBuffer.allocate(0);
            for (int step = 0; step < MAX_STEPS; step++) {
                HandshakeStatus status = client.getHandshakeStatus();
                if (status == HandshakeStatus.NEED_WRAP) {
                    server.writeInbound(wrap(ByteBuffer.allocate(0)));
                } else if (status == HandshakeStatus.NEED_TASK) {
                    client.getDelegatedTask().run();
                } else if (status == HandshakeStatus.NEED_UNWRAP) {
                    fromServer = concat(fromServer, drainServer());
                    in.clear();
                    client.unwrap(fromServer, in);
                } else {
                    unwrapAll(concat(fromServer, drainServer())); // the server's session ticket
                    return;
                }
            }
            throw new AssertionError("no handshake after " + MAX_STEPS + " steps");
        }

        ByteBuf wrap(String text) throws SSLException {
            return wrap(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)));
        }

        ByteBuf wrap(ByteBuffer data) throws SSLException {
            out.clear();
            SSLEngineResult result = client.wrap(data, out);
            assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
            out.flip();
            return Unpooled.copiedBuffer(out);
        }

        /** Everything the server wrote since the last drain. */
        ByteBuffer drainServer() {
            ByteBuf all = Unpooled.buffer();
            for (ByteBuf written = server.readOutbound(); written != null; written = server.readOutbound()) {
                all.writeBytes(written);
                written.release();
            }
            ByteBuffer bytes = ByteBuffer.allocate(all.readableBytes());
            all.readBytes(bytes);
            all.release();
            return bytes.flip();
        }

        String unwrapAll(ByteBuffer records) throws SSLException {
            StringBuilder text = new StringBuilder();
            while (records.hasRemaining()) {
                in.clear();
                SSLEngineResult result = client.unwrap(records, in);
                assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
                text.append(StandardCharsets.US_ASCII.decode(in.flip()));
            }
            return text.toString();
        }

        private static ByteBuffer concat(ByteBuffer first, ByteBuffer second) {
            return ByteBuffer.allocate(first.remaining() + second.remaining()).put(first).put(second).flip();
        }
    }
}
