package io.apogee.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on the loopback, for servers started on a port chosen beforehand (child JVMs, a broker that must
 * come back on the same address). A port is free when asked; another process may take it before it is bound, which
 * a test then sees as a start that fails. Stateless and thread-safe.
 */
public final class Ports {
    private static final int LOW = 20_000;
    private static final int HIGH = 40_000;
    private static final int ATTEMPTS = 200;

    private Ports() {
    }

    /** A loopback port that was free a moment ago. */
    public static int free() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A port p with p - 2 (a RocketMQ broker's fast port) and p + 1 (its HA port) free too. */
    public static int freeRocketMqBrokerPort() throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOW, HIGH);
            if (isFree(port) && isFree(port - 2) && isFree(port + 1)) {
                return port;
            }
        }
        throw new IOException("no free port triple for a RocketMQ broker in " + ATTEMPTS + " attempts");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            // a RocketMQ broker binds its ports on every interface
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("0.0.0.0", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
