package io.apogee.broker.metadata;

import io.apogee.transport.auth.SigningUser;
import java.util.Objects;

/**
 * A user of ACL 2.0 authentication (RocketMQ's {@code User}): the access key a client signs with, the secret key
 * it signs with, its type and its status. {@link #toString()} leaves the secret out, so that no log shows it.
 *
 * <p>Immutable; safe for any thread. A change makes a new instance, which is how signature caches notice it.
 *
 * @param username the access key
 * @param password the secret key
 * @param type     super or normal
 * @param status   enabled or disabled
 */
public record User(String username, String password, UserType type, UserStatus status) implements SigningUser {
    /** Checks the fields. */
    public User {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        if (username.isBlank() || password.isBlank()) {
            throw new IllegalArgumentException("blank username or password");
        }
    }

    @Override
    public String accessKey() {
        return username;
    }

    @Override
    public String secretKey() {
        return password;
    }

    @Override
    public boolean enabled() {
        return status == UserStatus.ENABLE;
    }

    /** True for a super user. */
    public boolean isSuper() {
        return type == UserType.SUPER;
    }

    @Override
    public String toString() {
        return "User{" + username + ", " + type.label() + ", " + status.label() + '}';
    }
}
