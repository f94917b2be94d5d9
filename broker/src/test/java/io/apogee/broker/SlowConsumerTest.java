package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer that sends many pulls and stops reading its socket is held back by its connection's writability: the
 * broker stops reading its requests and parks its pulls, so what waits unsent for it stays near the high water mark
 * instead of growing with every pull, everyone else is served meanwhile, and every pull is answered once it reads.
 */
class SlowConsumerTest {
    private static final long TIMEOUT_MILLIS = 10_000;
    private static final String TOPIC = "SlowTopic";
    private static final int MESSAGES = 512;
    private static final int PULLS = 400;
    private static final int OTHER_PULLS = 50;
    private static final int PER_PULL = 32;
    /** The broker's high water mark (1 MiB by default) plus room for the answers in flight when it is crossed. */
    private static final long BOUND = (1 << 20) + (512 << 10);

    @TempDir
    Path dir;

    @Test
    void aConsumerThatStopsReadingIsHeldBackWhileOthersAreServed() throws Exception {
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            fill(client, broker.address());
            try (Socket slow = new Socket()) {
                slow.setReceiveBufferSize(8 * 1024);
                slow.connect(new InetSocketAddress("127.0.0.1", broker.context().brokerPort()));
                slow.setSoTimeout((int) TIMEOUT_MILLIS);
                Thread writer = Thread.ofVirtual().start(() -> writePulls(slow));
                Peer held = awaitPeer(broker, slow.getLocalPort());
                Await.until("the slow connection to back up", Duration.ofSeconds(10), () -> !held.isWritable());
                // the broker keeps serving another consumer; after each of its pulls, the backlog must still be bounded
                long most = 0;
                for (int i = 0; i < OTHER_PULLS; i++) {
                    try (RemotingResponse other = client.invokeSync(broker.address(), pull(0), null, TIMEOUT_MILLIS)) {
                        assertThat(other.code()).as("another consumer is served meanwhile").isEqualTo(ResponseCode.SUCCESS);
                    }
                    most = Math.max(most, held.pendingWriteBytes());
                }
                assertThat(most).as("bytes waiting for the slow consumer").isLessThan(BOUND);
                assertThat(held.pendingWriteBytes()).isLessThan(BOUND);

                DataInputStream in = new DataInputStream(slow.getInputStream());
                for (int i = 0; i < PULLS; i++) {
                    int length = in.readInt();
                    int headerLength = in.readInt() & 0xFFFFFF;
                    in.skipNBytes(length - 4);
                    assertThat(length - 4 - headerLength).as("pull %d carries messages", i).isGreaterThan(PER_PULL * 1024);
                }
                writer.join(TIMEOUT_MILLIS);
            }
        }
    }

    private static void fill(RemotingClient client, String address) throws InterruptedException {
        CountDownLatch sent = new CountDownLatch(MESSAGES);
        AtomicInteger failed = new AtomicInteger();
        for (int i = 0; i < MESSAGES; i++) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
            new SendMessageRequestHeader().keys(SendHeaderKeys.V2).producerGroup("p").topic(TOPIC).defaultTopic("TBW102")
                .defaultTopicQueueNums(1).queueId(0).sysFlag(0).bornTimestamp(System.currentTimeMillis()).flag(0)
                .properties("").encode(header.ext());
            client.invoke(address, header, Unpooled.wrappedBuffer(new byte[1024]), TIMEOUT_MILLIS, new ResponseCallback() {
                @Override
                public void onResponse(RemotingHeader response, ByteBuf body) {
                    if (response.code() != ResponseCode.SUCCESS) {
                        failed.incrementAndGet();
                    }
                    sent.countDown();
                }

                @Override
                public void onFailure(TransportException failure) {
                    failed.incrementAndGet();
                    sent.countDown();
                }
            });
        }
        assertThat(sent.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isTrue();
        assertThat(failed.get()).isZero();
    }

    /** A pull of {@value #PER_PULL} messages from {@code offset}, with its subscription, not held. */
    private static RemotingHeader pull(int opaque) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.PULL_MESSAGE, opaque);
        new PullMessageRequestHeader().consumerGroup("slow").topic(TOPIC).queueId(0).queueOffset(0).maxMsgNums(PER_PULL)
            .sysFlag(4).commitOffset(0).suspendTimeoutMillis(0).subscription("*").subVersion(0).expressionType("TAG")
            .encode(header.ext(), SerializeType.JSON);
        return header;
    }

    private static void writePulls(Socket socket) {
        FrameEncoder encoder = new FrameEncoder();
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < PULLS; i++) {
            RemotingHeader header = pull(i);
            ByteBuffer frame = ByteBuffer.allocate(encoder.measure(header));
            encoder.encode(header, 0, frame, 0);
            frames.writeBytes(frame.array());
        }
        try {
            OutputStream out = socket.getOutputStream();
            out.write(frames.toByteArray());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Peer awaitPeer(TestBroker broker, int localPort) throws InterruptedException {
        Peer[] found = new Peer[1];
        Await.until("the slow connection", Duration.ofSeconds(10), () -> {
            for (Peer peer : broker.context().connections()) {
                if (peer.address().endsWith(":" + localPort)) {
                    found[0] = peer;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }
}
