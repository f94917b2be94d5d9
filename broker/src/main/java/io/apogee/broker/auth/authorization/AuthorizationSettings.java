package io.apogee.broker.auth.authorization;

import java.util.Set;

/**
 * The authorization settings of {@code broker.conf}, with RocketMQ's names: whether requests are checked, and the
 * request codes never checked ({@code authorizationWhitelist}). RocketMQ's provider class names are accepted for
 * {@code authorizationProvider} and {@code authorizationMetadataProvider}; Apogee has one of each, the ones here.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param enabled   whether requests are checked ({@code authorizationEnabled})
 * @param whitelist the request codes never checked
 */
public record AuthorizationSettings(boolean enabled, Set<Integer> whitelist) {
    /** RocketMQ's default provider, the only one Apogee accepts ({@code authorizationProvider}). */
    public static final String DEFAULT_PROVIDER =
        "org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider";
    /** RocketMQ's local metadata provider, the only one Apogee accepts ({@code authorizationMetadataProvider}). */
    public static final String LOCAL_METADATA_PROVIDER =
        "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider";
    /** Nothing is checked. */
    public static final AuthorizationSettings DISABLED = new AuthorizationSettings(false, Set.of());

    /** Copies the set. */
    public AuthorizationSettings {
        whitelist = Set.copyOf(whitelist);
    }
}
