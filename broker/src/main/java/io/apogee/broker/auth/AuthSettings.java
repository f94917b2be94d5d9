package io.apogee.broker.auth;

import io.apogee.transport.auth.Credentials;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The authentication settings of {@code broker.conf}, under RocketMQ's names: whether requests must be signed, the
 * request codes that need no signature, the super user made at first start, and the credentials the broker signs
 * its own requests with ({@link io.apogee.transport.auth.CredentialsJson} reads both).
 *
 * <p>Immutable; safe for any thread.
 *
 * @param enabled     {@code authenticationEnabled}
 * @param whitelist   {@code authenticationWhitelist}: request codes let through unsigned
 * @param initUser    {@code initAuthenticationUser}, or null
 * @param innerClient {@code innerClientAuthenticationCredentials}, or null
 */
public record AuthSettings(boolean enabled, Set<Integer> whitelist, Credentials initUser, Credentials innerClient) {
    /** Authentication off, nothing configured. */
    public static final AuthSettings OFF = new AuthSettings(false, Set.of(), null, null);

    /** Copies the whitelist. */
    public AuthSettings {
        whitelist = Set.copyOf(whitelist);
    }

    /**
     * The codes of a comma-separated list. An entry that is not a number is skipped: RocketMQ's list also names
     * gRPC calls, which never reach this port.
     */
    public static Set<Integer> parseWhitelist(String text) {
        Set<Integer> codes = new LinkedHashSet<>();
        for (String entry : text.split(",")) {
            String code = entry.trim();
            if (code.matches("-?\\d{1,9}")) {
                codes.add(Integer.parseInt(code));
            }
        }
        return codes;
    }
}
