package io.apogee.broker.namesrv;

/**
 * Who this broker is in routes: cluster, name, and the "host:port" clients connect to (known once the listener is
 * bound). Immutable; safe for any thread.
 *
 * @param cluster the cluster name
 * @param name    the broker name
 * @param address the broker's client address, "host:port"
 */
public record BrokerIdentity(String cluster, String name, String address) {
}
