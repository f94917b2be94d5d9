package io.apogee.broker.request;

import io.apogee.transport.Peer;
import io.apogee.wire.message.HostAddress;
import java.net.InetSocketAddress;

/**
 * What the broker keeps per connection, in the peer's {@linkplain Peer#attachment() attachment slot}: for now the
 * peer's address as a record's born host, made once per connection instead of once per send.
 *
 * <p>Immutable; made on the connection's event loop by the router's first request from it, read on any thread.
 */
final class ConnectionState {
    /** The born host of a peer with no internet address (a test channel). */
    private static final HostAddress NO_ADDRESS = HostAddress.of(new byte[HostAddress.IPV4_ADDRESS_LENGTH], 0);

    private final HostAddress bornHost;

    private ConnectionState(HostAddress bornHost) {
        this.bornHost = bornHost;
    }

    /** The state of {@code peer}, made and attached on its first request. Event loop of {@code peer}. */
    static ConnectionState of(Peer peer) {
        if (peer.attachment() instanceof ConnectionState state) {
            return state;
        }
        InetSocketAddress remote = peer.remoteAddress();
        ConnectionState state = new ConnectionState(remote == null ? NO_ADDRESS : HostAddress.of(remote));
        peer.attach(state);
        return state;
    }

    /** The peer's address as the born host of the records it sends. */
    HostAddress bornHost() {
        return bornHost;
    }
}
