package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.processor.Replies;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A family's bounded queue: when it is full the router answers SYSTEM_BUSY, and queued work is still served. */
class ProcessorFamilyTest {
    private static final int CODE = 1000;
    private static final long TIMEOUT_MILLIS = 10_000;

    @Test
    void aFullQueueIsAnsweredSystemBusyWhileQueuedRequestsAreStillServed() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ProcessorFamily family = ProcessorFamily.of("blocking", (peer, request, body) -> {
            body.release();
            started.countDown();
            try {
                release.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Replies.send(peer, request, ResponseCode.SUCCESS, null);
        }, 1);
        RequestRouter router = new RequestRouter().route(family, CODE);
        try (RemotingServer server = RemotingServer.start(TransportConfig.defaults(), router, "127.0.0.1", 0);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            String address = "127.0.0.1:" + server.port();
            CompletableFuture<Integer> running = invoke(client, address);
            assertThat(started.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isTrue();
            CompletableFuture<Integer> queued = invoke(client, address);
            try (RemotingResponse rejected = client.invokeSync(address, new RemotingHeader().asRequest(CODE, 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(rejected.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
                assertThat(rejected.remark()).isEqualTo(RequestRouter.BUSY_REMARK);
            }
            release.countDown();
            assertThat(running.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(ResponseCode.SUCCESS);
            assertThat(queued.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(ResponseCode.SUCCESS);
        } finally {
            family.close();
        }
    }

    private static CompletableFuture<Integer> invoke(RemotingClient client, String address) {
        CompletableFuture<Integer> code = new CompletableFuture<>();
        client.invoke(address, new RemotingHeader().asRequest(CODE, 0), null, TIMEOUT_MILLIS, new ResponseCallback() {
            @Override
            public void onResponse(RemotingHeader header, ByteBuf body) {
                code.complete(header.code());
            }

            @Override
            public void onFailure(TransportException failure) {
                code.completeExceptionally(failure);
            }
        });
        return code;
    }
}
