package io.apogee.broker.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A family's bounded queue: when it is full the router answers SYSTEM_BUSY naming the family, queued work is still
 * served, and other families keep serving other connections. A family on the I/O threads runs where it was read.
 */
class ProcessorFamilyTest {
    private static final int BLOCKED_CODE = 1000;
    private static final int FREE_CODE = 1001;
    private static final long TIMEOUT_MILLIS = 10_000;

    @Test
    void aFullQueueIsBusyWhileQueuedRequestsAndOtherFamiliesAreServed() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ProcessorFamily blocked = ProcessorFamily.of("blocked", exchange -> {
            started.countDown();
            try {
                release.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.reply(ResponseCode.SUCCESS, null);
        }, 1);
        ProcessorFamily free = ProcessorFamily.of("free", exchange -> exchange.reply(ResponseCode.SUCCESS, null), 1);
        RequestRouter router = new RequestRouter().route(blocked, BLOCKED_CODE).route(free, FREE_CODE);
        try (RemotingServer server = RemotingServer.start(TransportConfig.defaults(), router, "127.0.0.1", 0);
             RemotingClient busy = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
             RemotingClient other = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            String address = "127.0.0.1:" + server.port();
            CompletableFuture<Integer> running = invoke(busy, address);
            assertThat(started.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isTrue();
            CompletableFuture<Integer> queued = invoke(busy, address);
            try (RemotingResponse rejected = busy.invokeSync(address, new RemotingHeader().asRequest(BLOCKED_CODE, 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(rejected.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
                assertThat(rejected.remark()).startsWith(BusyRemark.PREFIX).contains("blocked");
            }
            try (RemotingResponse served = other.invokeSync(address, new RemotingHeader().asRequest(FREE_CODE, 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(served.code()).as("another family on another connection").isEqualTo(ResponseCode.SUCCESS);
            }
            release.countDown();
            assertThat(running.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(ResponseCode.SUCCESS);
            assertThat(queued.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(ResponseCode.SUCCESS);
        } finally {
            blocked.close();
            free.close();
        }
    }

    @Test
    void anIoThreadFamilyRunsOnTheThreadThatReadTheRequestWithAProcessorPerThread() throws Exception {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger processors = new AtomicInteger();
        ProcessorFamily inline = ProcessorFamily.onIoThreads("inline", () -> {
            processors.incrementAndGet();
            return exchange -> {
                threads.add(Thread.currentThread().getName());
                exchange.reply(ResponseCode.SUCCESS, null);
            };
        });
        RequestRouter router = new RequestRouter().route(inline, FREE_CODE);
        TransportConfig server = TransportConfig.builder().ioThreads(2).threadNamePrefix("inline-io").build();
        try (RemotingServer remoting = RemotingServer.start(server, router, "127.0.0.1", 0)) {
            String address = "127.0.0.1:" + remoting.port();
            for (int i = 0; i < 4; i++) {
                try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
                    for (int j = 0; j < 3; j++) {
                        try (RemotingResponse served = client.invokeSync(address, new RemotingHeader().asRequest(FREE_CODE, 0),
                            null, TIMEOUT_MILLIS)) {
                            assertThat(served.code()).isEqualTo(ResponseCode.SUCCESS);
                        }
                    }
                }
            }
        } finally {
            inline.close();
        }
        assertThat(threads).isNotEmpty().allMatch(name -> name.startsWith("inline-io"));
        assertThat(processors.get()).as("one processor per I/O thread that served").isEqualTo(threads.size());
    }

    private static CompletableFuture<Integer> invoke(RemotingClient client, String address) {
        CompletableFuture<Integer> code = new CompletableFuture<>();
        client.invoke(address, new RemotingHeader().asRequest(BLOCKED_CODE, 0), null, TIMEOUT_MILLIS, new ResponseCallback() {
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
