package io.apogee.perf.client;

/**
 * Where a run's clients find the brokers, and whether they connect over TLS. Immutable.
 *
 * @param addresses name servers, "host:port[;host:port]"
 * @param tls       whether every client connects over TLS, trusting any server ({@code --tls})
 */
public record NameServers(String addresses, boolean tls) {
}
