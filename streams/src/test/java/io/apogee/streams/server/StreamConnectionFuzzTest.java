package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;

/**
 * Jazzer over one stream connection, before or after its handshake: frames of every key the server knows (and some it
 * does not) with fuzzed versions and contents, then fuzzed raw bytes. Whatever arrives, every frame the server sends
 * has a size that matches its bytes, no exception escapes the pipeline, no input ends in INTERNAL_ERROR (a bug, not
 * bad input), and a connection the server ends is ended with a close frame. Surefire sets {@code JAZZER_FUZZ=1}, so
 * the build fuzzes for the duration below; with {@code -Djazzer.fuzz=0} only the empty input is replayed.
 */
class StreamConnectionFuzzTest {
    private static final int[] KEYS = {CommandKey.DECLARE_PUBLISHER, CommandKey.PUBLISH, CommandKey.QUERY_PUBLISHER_SEQUENCE,
        CommandKey.DELETE_PUBLISHER, CommandKey.SUBSCRIBE, CommandKey.CREDIT, CommandKey.STORE_OFFSET, CommandKey.QUERY_OFFSET,
        CommandKey.UNSUBSCRIBE, CommandKey.CREATE, CommandKey.DELETE, CommandKey.METADATA, CommandKey.PEER_PROPERTIES,
        CommandKey.SASL_HANDSHAKE, CommandKey.SASL_AUTHENTICATE, CommandKey.TUNE | CommandKey.RESPONSE_FLAG, CommandKey.OPEN,
        CommandKey.CLOSE, CommandKey.HEARTBEAT, CommandKey.EXCHANGE_COMMAND_VERSIONS, CommandKey.STREAM_STATS,
        CommandKey.CONSUMER_UPDATE | CommandKey.RESPONSE_FLAG, CommandKey.ROUTE, CommandKey.PARTITIONS,
        CommandKey.CREATE_SUPER_STREAM, CommandKey.DELETE_SUPER_STREAM, CommandKey.RESOLVE_OFFSET_SPEC, 0x0777};
    private static final int MAX_CONTENT = 512;
    private static final AtomicLong RUNS = new AtomicLong();
    private static final AtomicLong CLOSED = new AtomicLong();

    @FuzzTest(maxDuration = "12s")
    void everyInputIsAnsweredWithWholeFramesOrAClose(FuzzedDataProvider data) throws IOException {
        RUNS.incrementAndGet();
        Path dir = Files.createTempDirectory("stream-connection-fuzz");
        try (ConnectionScript script = new ConnectionScript(dir)) {
            if (data.consumeBoolean()) {
                script.handshake();
                script.registry.create("s");
            }
            int frames = data.consumeInt(0, 8);
            for (int i = 0; i < frames && script.channel.isOpen(); i++) {
                int key = data.pickValue(KEYS);
                int version = data.consumeBoolean() ? 1 : data.consumeInt(0, 3);
                byte[] content = data.consumeBytes(data.consumeInt(0, MAX_CONTENT));
                script.send(key, version, out -> out.writeBytes(content));
            }
            if (script.channel.isOpen()) {
                script.channel.writeInbound(Unpooled.wrappedBuffer(data.consumeRemainingAsBytes()));
            }
            script.channel.checkException();
            checkOutbound(script);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static void checkOutbound(ConnectionScript script) {
        int lastKey = -1;
        for (ByteBuf frame = script.channel.readOutbound(); frame != null; frame = script.channel.readOutbound()) {
            try {
                assertThat(frame.getInt(0)).as("size field").isEqualTo(frame.readableBytes() - Integer.BYTES);
                lastKey = frame.getShort(Integer.BYTES) & 0xFFFF;
                if (lastKey == CommandKey.CLOSE) {
                    assertThat(frame.getShort(12)).as("close code").isNotEqualTo((short) ResponseCode.INTERNAL_ERROR);
                }
            } finally {
                frame.release();
            }
        }
        if (!script.channel.isOpen()) {
            CLOSED.incrementAndGet();
            assertThat(lastKey).as("the last frame of a closed connection")
                .isIn(CommandKey.CLOSE, CommandKey.CLOSE | CommandKey.RESPONSE_FLAG);
        }
    }

    @AfterAll
    static void report() {
        System.out.println("fuzzed inputs: " + RUNS.get() + ", connections closed: " + CLOSED.get());
    }
}
