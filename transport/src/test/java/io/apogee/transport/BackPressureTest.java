package io.apogee.transport;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A peer that stops reading backs the connection up: once the write buffer is over its high water mark, callers
 * wait for writability, and a request that cannot be written by its deadline fails instead of queueing without end.
 */
class BackPressureTest {
    @Test
    void callersWaitForWritabilityAndGiveUpAtTheirDeadline() throws Exception {
        try (ServerSocket server = silentServer();
             RemotingClient client = new RemotingClient(TransportConfig.builder().writeBufferWaterMarks(16 * 1024, 64 * 1024)
                 .threadNamePrefix("backpressure-io").build(), RequestDispatcher.IGNORE)) {
            String address = "127.0.0.1:" + server.getLocalPort();
            CountDownLatch accepted = new CountDownLatch(1);
            AtomicReference<Socket> silent = new AtomicReference<>();
            Thread acceptor = new Thread(() -> {
                try {
                    silent.set(server.accept());
                    accepted.countDown();
                } catch (IOException ignored) {
                    // the test fails on the latch
                }
            });
            acceptor.start();
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
            assertThat(client.invokeOneway(address, header, null, 1000)).isTrue();
            assertThat(accepted.await(10, TimeUnit.SECONDS)).isTrue();

            byte[] chunk = new byte[256 * 1024];
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do {
                while (client.isWritable(address) && System.nanoTime() < giveUp) {
                    client.invokeOneway(address, header, Unpooled.wrappedBuffer(chunk), 1000);
                }
            } while (becomesWritableWithin(client, address, 500) && System.nanoTime() < giveUp);
            assertThat(client.isWritable(address)).as("the kernel buffers filled, then Netty's").isFalse();

            AtomicReference<TransportException> failure = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            client.invoke(address, header, null, 300, new ResponseCallback() {
                @Override
                public void onResponse(RemotingHeader response, ByteBuf body) {
                    done.countDown();
                }

                @Override
                public void onFailure(TransportException e) {
                    failure.set(e);
                    done.countDown();
                }
            });
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(failure.get()).isInstanceOf(ResponseTimeoutException.class)
                .hasMessageContaining("writable");
            assertThat(client.invokeOneway(address, header, null, 100)).as("a oneway request is dropped, not queued")
                .isFalse();
            silent.get().close();
        }
    }

    /** Polls writability for up to {@code millis}: while the event loop still drains into the kernel it comes back. */
    private static boolean becomesWritableWithin(RemotingClient client, String address, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        Object monitor = new Object();
        while (System.nanoTime() < deadline) {
            if (client.isWritable(address)) {
                return true;
            }
            synchronized (monitor) {
                monitor.wait(10);
            }
        }
        return false;
    }

    /**
     * A listening socket that will never read, with a small receive buffer so that the kernel's buffers fill in a
     * few chunks even on a loaded machine (loopback buffers otherwise grow to megabytes).
     */
    private static ServerSocket silentServer() throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReceiveBufferSize(16 * 1024);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        return server;
    }
}
