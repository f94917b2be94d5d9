package io.apogee.transport.auth;


/**
 * Where the users who may sign are found: the broker's {@link io.apogee.broker.metadata.UserTable}, or the fixed
 * users a stand-alone name server knows. Implementations are safe for any thread and cheap to call.
 */
@FunctionalInterface
public interface Users {
    /** The user named {@code username}, or null. */
    SigningUser find(String username);
}
