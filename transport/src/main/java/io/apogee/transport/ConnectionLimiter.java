package io.apogee.transport;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a server's open connections, in total and per remote IP address, and admits a new one only under both
 * limits ({@link TransportConfig#serverMaxConnections()}, {@link TransportConfig#serverMaxConnectionsPerIp()}). An
 * address leaves the table with its last connection, so the table holds only addresses with connections open.
 *
 * <p>Thread-safe: accepts run on every event loop, closes on the connection's own.
 */
final class ConnectionLimiter {
    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final Map<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    ConnectionLimiter(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /** Why a connection from {@code address} is refused, or null when it is admitted (and counted). */
    String admit(InetAddress address) {
        if (total.incrementAndGet() > maxTotal) {
            total.decrementAndGet();
            return maxTotal + " connections are open, the limit " + TransportConfig.MAX_CONNECTIONS_SETTING;
        }
        boolean[] admitted = new boolean[1];
        perAddress.compute(address, (key, count) -> {
            int open = count == null ? 0 : count;
            if (open >= maxPerAddress) {
                return count;
            }
            admitted[0] = true;
            return open + 1;
        });
        if (!admitted[0]) {
            total.decrementAndGet();
            return maxPerAddress + " connections from " + address.getHostAddress() + " are open, the limit "
                + TransportConfig.MAX_CONNECTIONS_PER_IP_SETTING;
        }
        return null;
    }

    /** Forgets an admitted connection from {@code address} that has closed. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
        total.decrementAndGet();
    }

    /** The open connections counted. */
    int open() {
        return total.get();
    }

    /** The addresses with connections open. */
    int addresses() {
        return perAddress.size();
    }
}
