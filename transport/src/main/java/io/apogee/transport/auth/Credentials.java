package io.apogee.transport.auth;

import java.util.Objects;

/**
 * An access key with its secret key, as {@code innerClientAuthenticationCredentials} gives them (RocketMQ's
 * {@code SessionCredentials}). {@link #toString()} leaves the secret out.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param accessKey the user's name
 * @param secretKey the user's secret
 */
public record Credentials(String accessKey, String secretKey) implements SigningUser {
    /** Checks the fields. */
    public Credentials {
        Objects.requireNonNull(accessKey, "accessKey");
        Objects.requireNonNull(secretKey, "secretKey");
        if (accessKey.isBlank() || secretKey.isBlank()) {
            throw new IllegalArgumentException("blank accessKey or secretKey");
        }
    }

    /** Fixed credentials may always sign. */
    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public String toString() {
        return "Credentials{" + accessKey + '}';
    }
}
