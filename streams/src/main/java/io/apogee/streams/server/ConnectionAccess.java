package io.apogee.streams.server;

import io.apogee.streams.server.StreamPermissions.Operation;
import io.apogee.streams.server.StreamPermissions.Target;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one connection's user may do: the user it logged in as and its source address, asked of the server's
 * {@link StreamPermissions}. Each refusal is logged once, with the user, the resource and the operation.
 *
 * <p>Not thread-safe: one per connection, used on its event loop.
 */
final class ConnectionAccess {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionAccess.class);

    private final StreamPermissions permissions;
    private String user;
    private String sourceIp;

    ConnectionAccess(StreamPermissions permissions) {
        this.permissions = permissions;
    }

    /** The connection logged in as {@code name} from {@code remote}. */
    void login(String name, SocketAddress remote) {
        this.user = name;
        this.sourceIp = remote instanceof InetSocketAddress address && address.getAddress() != null
            ? address.getAddress().getHostAddress() : String.valueOf(remote);
    }

    /** Whether the user may do {@code operation} to {@code stream}; a refusal is logged. */
    boolean allows(String stream, Operation operation) {
        return allows(Target.STREAM, stream, operation);
    }

    /**
     * Whether the user may do {@code operation} to {@code stream} and, unless it is null or empty, to the consumer
     * reference {@code consumer}; a refusal is logged.
     */
    boolean allows(String stream, String consumer, Operation operation) {
        return allows(Target.STREAM, stream, operation)
            && (consumer == null || consumer.isEmpty() || allows(Target.CONSUMER, consumer, operation));
    }

    /** Whether the user may do {@code operation} to {@code name}; a refusal is logged. */
    boolean allows(Target target, String name, Operation operation) {
        String refusal = permissions.refusal(user, sourceIp, target, name, operation);
        if (refusal == null) {
            return true;
        }
        LOG.info("stream access refused: user {} from {} may not {} {} {}: {}", user, sourceIp, operation, target, name,
            refusal);
        return false;
    }
}
