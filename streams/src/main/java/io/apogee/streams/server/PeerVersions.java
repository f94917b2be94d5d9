package io.apogee.streams.server;

/**
 * The command versions a connection's client announced in exchange command versions, where they change what the
 * server sends: deliver v2 carries the committed chunk id, and is sent only to a client that takes it.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class PeerVersions {
    private int deliver = StreamConnection.VERSION_1;

    /** The deliver version to send: 2 once the client announced it takes 2, else 1. */
    int deliver() {
        return deliver;
    }

    /** Records the client's range for deliver. */
    void deliverRange(int min, int max) {
        deliver = min <= StreamConnection.VERSION_2 && max >= StreamConnection.VERSION_2 ? StreamConnection.VERSION_2
            : StreamConnection.VERSION_1;
    }
}
