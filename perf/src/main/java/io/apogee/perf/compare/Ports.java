package io.apogee.perf.compare;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Free TCP ports for the brokers a comparison starts. Stateless. */
final class Ports {
    private static final int LOW = 20_000;
    private static final int HIGH = 40_000;
    private static final int ATTEMPTS = 200;

    private Ports() {
    }

    /** A free port. */
    static int free() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A port p with p - 2 (RocketMQ's fast port) and p + 1 (its HA port) free too. */
    static int freeBrokerPort() throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOW, HIGH);
            if (isFree(port) && isFree(port - 2) && isFree(port + 1)) {
                return port;
            }
        }
        throw new IOException("no free port triple for a broker");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("0.0.0.0", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
