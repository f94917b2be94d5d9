package io.apogee.broker.detour;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.ExchangePool;
import io.apogee.transport.EmbeddedPeers;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingFrameDecoder;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.PropertyNames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Sends offered to a detour without a socket: each is a real {@link Exchange} of a peer over Netty's
 * {@link EmbeddedChannel}, whose answers are read back as decoded frames.
 *
 * <p>Not thread-safe: the test's thread is the channel's event loop; a store agent only completes an exchange.
 */
public final class EmbeddedSends implements AutoCloseable {
    private static final TransportConfig CONFIG = TransportConfig.defaults();

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
    private final ExchangePool pool = new ExchangePool(4);

    /** An open SEND_MESSAGE_V2 exchange from a 5.4.0 client owning {@code body}. */
    public Exchange exchange(ByteBuf body) {
        return pool.open(peer, new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 7)
            .version(ProtocolVersion.V5_4_0), body);
    }

    /** A message body. */
    public static ByteBuf body(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }

    /** One property in RocketMQ's text form. */
    public static String property(String name, String value) {
        return name + (char) PropertyNames.NAME_VALUE_SEPARATOR + value + (char) PropertyNames.PROPERTY_SEPARATOR;
    }

    /**
     * Waits until a store agent has answered {@code exchange} (which then closes), runs what it left for the channel's
     * event loop (this thread), and reads the answer.
     */
    public Answer awaitAnswer(Exchange exchange) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (exchange.isOpen() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        channel.runPendingTasks();
        return readAnswer();
    }

    /** The answer written last. */
    public Answer readAnswer() {
        ByteBuf bytes = channel.readOutbound();
        assertThat(bytes).as("an answer was written").isNotNull();
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(CONFIG.maxFrameSize()));
        try {
            decoder.writeInbound(bytes);
            InboundFrame frame = decoder.readInbound();
            frame.body().release();
            return new Answer(frame.header().code(), frame.header().remark(), frame.header().ext().get("queueId"));
        } finally {
            decoder.finishAndReleaseAll();
        }
    }

    @Override
    public void close() {
        channel.finishAndReleaseAll();
    }

    /**
     * An answer as the producer reads it.
     *
     * @param code    the response code
     * @param remark  the remark, or null
     * @param queueId the queueId field, or null
     */
    public record Answer(int code, String remark, String queueId) {
    }
}
