package io.apogee.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.FrameLayout;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server's limits on its clients, over real loopback sockets: connections in total and per IP address, the idle
 * timeout, and the memory held for frames not yet complete (measured in the server allocator's direct memory).
 */
class ServerLimitsTest {
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private final List<Socket> sockets = new ArrayList<>();
    private RemotingServer server;

    @AfterEach
    void stop() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void connectionsOverTheLimitsAreClosedAtAcceptAndTheOthersServed() throws Exception {
        start(TransportConfig.builder().serverMaxConnections(3, 2));
        Socket first = connect("127.0.0.1");
        Socket second = connect("127.0.0.1");
        awaitTrue("two connections admitted", () -> server.peers().size() == 2);

        Socket thirdFromTheSameAddress = connect("127.0.0.1");
        assertThat(closedByServer(thirdFromTheSameAddress)).as("over the per-IP limit").isTrue();
        Socket fromAnotherAddress = connect("127.0.0.2");
        awaitTrue("a third address admitted", () -> server.peers().size() == 3);
        Socket overTheTotal = connect("127.0.0.3");
        assertThat(closedByServer(overTheTotal)).as("over the total").isTrue();

        assertThat(answerCode(first)).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answerCode(second)).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answerCode(fromAnotherAddress)).isEqualTo(ResponseCode.SUCCESS);
        first.close();
        awaitTrue("a closed connection frees its place", () -> server.peers().size() == 2);
        Socket again = connect("127.0.0.1");
        assertThat(answerCode(again)).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeoutAndABusyOneIsNot() throws Exception {
        start(TransportConfig.builder().idleTimeoutSeconds(1));
        Socket idle = connect("127.0.0.1");
        Socket busy = connect("127.0.0.1");
        idle.setSoTimeout(50);
        long deadline = System.nanoTime() + WAIT_NANOS;
        boolean idleClosed = false;
        while (!idleClosed && System.nanoTime() < deadline) {
            assertThat(answerCode(busy)).isEqualTo(ResponseCode.SUCCESS); // a request every 50 ms or so
            idleClosed = readsEndOfStream(idle);
        }
        assertThat(idleClosed).as("the idle connection was closed").isTrue();
        assertThat(answerCode(busy)).as("the busy connection still served").isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void partialFramesPastTheLimitsCloseTheirConnectionsAndTheirMemoryReturns() throws Exception {
        UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(true);
        int perConnection = 64 * 1024;
        start(TransportConfig.builder().allocator(allocator).maxFrameSize(4 << 20)
            .maxPartialFrameBytes(perConnection, 160 * 1024));
        long baseline = allocator.metric().usedDirectMemory();

        Socket greedy = connect("127.0.0.1");
        declareAndTrickle(greedy, 3 << 20, 100 * 1024);
        assertThat(closedByServer(greedy)).as("past its own limit").isTrue();

        Socket first = connect("127.0.0.1");
        Socket second = connect("127.0.0.1");
        declareAndTrickle(first, 3 << 20, 60 * 1024);
        declareAndTrickle(second, 3 << 20, 60 * 1024);
        awaitTrue("both partial frames held", () -> server.partialFrameBytes() == 120 * 1024);
        Socket third = connect("127.0.0.1");
        declareAndTrickle(third, 3 << 20, 60 * 1024);
        assertThat(closedByServer(third)).as("its bytes would pass the total").isTrue();
        awaitTrue("the others keep theirs", () -> server.partialFrameBytes() == 120 * 1024);
        assertThat(server.peers()).hasSize(2);

        first.close();
        second.close();
        awaitTrue("no partial frame held", () -> server.partialFrameBytes() == 0 && server.peers().isEmpty());
        awaitTrue("direct memory back to where it was",
            () -> allocator.metric().usedDirectMemory() <= baseline + perConnection / 4);
    }

    private void start(TransportConfig.Builder config) throws InterruptedException {
        server = RemotingServer.start(config.threadNamePrefix("limits-server").build(), ServerLimitsTest::answer,
            "0.0.0.0", 0);
    }

    private static void answer(Peer peer, InboundFrame request) {
        request.body().release();
        peer.respond(new RemotingHeader().asResponseTo(request.header(), ResponseCode.SUCCESS), null);
    }

    private Socket connect(String fromAddress) throws IOException {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.bind(new InetSocketAddress(fromAddress, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), READ_TIMEOUT_MILLIS);
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    /** Sends a request and reads the code of its answer. */
    private static int answerCode(Socket socket) throws IOException {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 1)
            .serializeType(SerializeType.ROCKETMQ);
        ByteBuf frame = FrameBuffers.encode(UnpooledByteBufAllocator.DEFAULT, new FrameEncoder(), header, null);
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes);
        frame.release();
        socket.getOutputStream().write(bytes);
        DataInputStream in = new DataInputStream(socket.getInputStream());
        int length = in.readInt();
        byte[] rest = new byte[length];
        in.readFully(rest);
        // ROCKETMQ header: type word, then the code as a big-endian short
        int at = FrameLayout.TYPE_AND_HEADER_LENGTH_SIZE;
        return (short) ((rest[at] & 0xFF) << 8 | rest[at + 1] & 0xFF);
    }

    /** Declares a JSON frame of {@code frameLength} bytes and sends {@code sent} bytes of it. */
    private static void declareAndTrickle(Socket socket, int frameLength, int sent) throws IOException {
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        out.writeInt(frameLength);
        out.writeInt(FrameLayout.typeAndHeaderLength(SerializeType.JSON, 2));
        out.write(new byte[sent - 2 * Integer.BYTES]);
        out.flush();
    }

    /** True when the server closed the connection (end of stream or a reset) within the read timeout. */
    private static boolean closedByServer(Socket socket) throws IOException {
        try {
            return socket.getInputStream().read() == -1;
        } catch (SocketException e) {
            return true; // reset: the server closed with unread bytes
        }
    }

    /** True at end of stream; false when nothing came within the socket's timeout. */
    private static boolean readsEndOfStream(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    private static void awaitTrue(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("waited 10 s for: " + what).isNegative();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }
}
