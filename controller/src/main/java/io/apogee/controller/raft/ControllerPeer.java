package io.apogee.controller.raft;

/**
 * One controller replica of {@code controllerDLegerPeers}: its id (such as {@code n0}) and the host and port its
 * Raft traffic uses. Immutable.
 */
public record ControllerPeer(String id, String host, int port) {
    /** {@code host:port}. */
    public String address() {
        return host + ":" + port;
    }
}
