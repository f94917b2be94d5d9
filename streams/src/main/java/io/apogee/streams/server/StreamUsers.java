package io.apogee.streams.server;

import java.util.Map;

/**
 * Who may log in to the stream protocol: the fixed users of {@code streamUsers}, or, with the broker's authentication
 * on, the broker's ACL users, so that one user table serves both protocols. Implementations are safe for any thread
 * and cheap to call, as each authentication asks once.
 */
@FunctionalInterface
public interface StreamUsers {
    /** The password of {@code user}, or null when no such user may log in now (unknown, or disabled). */
    String password(String user);

    /** The users of a fixed table, user name to password. */
    static StreamUsers of(Map<String, String> users) {
        Map<String, String> copy = Map.copyOf(users);
        return copy::get;
    }
}
