package io.apogee.transport;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A real client and server on a free loopback port. */
class RemotingLoopbackTest {
    private static final int NEVER_ANSWERED = 9999;
    private static final int NOTIFY_ME = 9998;

    private final BlockingQueue<Integer> onewaysAtServer = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> requestsAtClient = new LinkedBlockingQueue<>();
    private RemotingServer server;
    private RemotingClient client;
    private String address;

    @BeforeEach
    void start() throws InterruptedException {
        server = RemotingServer.start(TransportConfig.builder().threadNamePrefix("test-server").build(),
            this::serve, "127.0.0.1", 0);
        client = new RemotingClient(TransportConfig.builder().threadNamePrefix("test-client").build(), (peer, request) -> {
            requestsAtClient.add(request.header().code() + ":" + request.header().ext().get("consumerGroup"));
            request.body().release();
        });
        address = "127.0.0.1:" + server.port();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private void serve(Peer peer, InboundFrame request) {
        RemotingHeader header = request.header();
        ByteBuf body = request.body();
        if (header.isOneway()) {
            onewaysAtServer.add(header.code());
            body.release();
            return;
        }
        if (header.code() == NEVER_ANSWERED) {
            body.release();
            return;
        }
        if (header.code() == NOTIFY_ME) {
            RemotingHeader notify = new RemotingHeader().asRequest(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, 0);
            notify.ext().add("consumerGroup", "G1");
            peer.invokeOneway(notify, null, 1000);
        }
        RemotingHeader response = new RemotingHeader().asResponseTo(header, ResponseCode.SUCCESS);
        response.ext().add("echo", String.valueOf(header.ext().get("value")));
        peer.respond(new OutboundFrame(response, body));
    }

    @Test
    void answersARequestWithItsBodyInTheRequestsSerialization() throws InterruptedException {
        for (SerializeType type : SerializeType.values()) {
            RemotingHeader request = new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0).serializeType(type);
            request.ext().add("value", "v-" + type);

            try (RemotingResponse response = client.invokeSync(address, request, body("hello " + type), 3000)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(response.header().serializeType()).isEqualTo(type);
                assertThat(response.header().ext().get("echo")).isEqualTo("v-" + type);
                assertThat(response.body().toString(StandardCharsets.UTF_8)).isEqualTo("hello " + type);
            }
        }
        assertThat(client.isNativeTransport()).isEqualTo(server.isNativeTransport());
    }

    @Test
    void correlatesManyConcurrentRequestsByOpaque() throws InterruptedException {
        int count = 2000;
        CountDownLatch done = new CountDownLatch(count);
        ConcurrentHashMap<String, String> mismatches = new ConcurrentHashMap<>();
        AtomicInteger failures = new AtomicInteger();
        RemotingHeader request = new RemotingHeader();
        for (int i = 0; i < count; i++) {
            String value = Integer.toString(i);
            request.asRequest(RequestCode.SEND_MESSAGE_V2, 0).ext().add("value", value);
            client.invoke(address, request, body(value), 10_000, new ResponseCallback() {
                @Override
                public void onResponse(RemotingHeader header, ByteBuf responseBody) {
                    String echoed = header.ext().get("echo");
                    if (!value.equals(echoed) || !value.equals(responseBody.toString(StandardCharsets.UTF_8))) {
                        mismatches.put(value, String.valueOf(echoed));
                    }
                    done.countDown();
                }

                @Override
                public void onFailure(TransportException failure) {
                    failures.incrementAndGet();
                    done.countDown();
                }
            });
        }
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(mismatches).isEmpty();
        assertThat(failures).hasValue(0);
    }

    @Test
    void deliversOnewayRequestsWithoutAnswering() throws InterruptedException {
        RemotingHeader request = new RemotingHeader().asRequest(RequestCode.UPDATE_CONSUMER_OFFSET, 0);

        assertThat(client.invokeOneway(address, request, null, 1000)).isTrue();

        assertThat(onewaysAtServer.poll(5, TimeUnit.SECONDS)).isEqualTo(RequestCode.UPDATE_CONSUMER_OFFSET);
        assertThat(client.peers()).allSatisfy(peer -> assertThat(peer.pendingRequests()).isZero());
    }

    @Test
    void failsARequestThatGetsNoAnswerByItsDeadline() {
        RemotingHeader request = new RemotingHeader().asRequest(NEVER_ANSWERED, 0);

        assertThatThrownBy(() -> client.invokeSync(address, request, null, 200))
            .isInstanceOf(ResponseTimeoutException.class)
            .hasMessageContaining(address);
    }

    @Test
    void handsRequestsFromTheServerToTheClientsDispatcher() throws InterruptedException {
        RemotingHeader request = new RemotingHeader().asRequest(NOTIFY_ME, 0);

        client.invokeSync(address, request, null, 3000).close();

        assertThat(requestsAtClient.poll(5, TimeUnit.SECONDS)).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED + ":G1");
    }

    @Test
    void failsPendingRequestsWhenTheServerGoesAway() throws InterruptedException {
        client.invokeSync(address, new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0), null, 3000).close();
        CountDownLatch failed = new CountDownLatch(1);
        client.invoke(address, new RemotingHeader().asRequest(NEVER_ANSWERED, 0), null, 60_000, new ResponseCallback() {
            @Override
            public void onResponse(RemotingHeader header, ByteBuf body) {
            }

            @Override
            public void onFailure(TransportException failure) {
                if (failure instanceof ConnectionLostException) {
                    failed.countDown();
                }
            }
        });

        server.close();

        assertThat(failed.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void reportsAFailedConnection() throws InterruptedException {
        int port;
        try (RemotingServer closedSoon = RemotingServer.start(TransportConfig.defaults(), RequestDispatcher.IGNORE, "127.0.0.1", 0)) {
            port = closedSoon.port();
        }
        RemotingHeader request = new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0);

        assertThatThrownBy(() -> client.invokeSync("127.0.0.1:" + port, request, null, 1000))
            .isInstanceOf(ConnectFailedException.class);
    }

    private static ByteBuf body(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }
}
