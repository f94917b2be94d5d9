package io.apogee.broker.server;

import io.apogee.broker.auth.authorization.AuthorizationSettings;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The authorization settings of {@code broker.conf}, with RocketMQ's names.
 *
 * <p>Immutable; safe for any thread.
 */
final class AuthorizationKeys {
    static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("authorizationEnabled", false)
        .doc("Checks every request against the ACLs of its user (ACL 2.0): a request needs, on each topic, group or"
            + " cluster its code names, an entry that allows its action. Refused requests are answered NO_PERMISSION.");
    static final ConfigKey<String> PROVIDER = ConfigKey.of("authorizationProvider", "string", "",
            "empty, or " + AuthorizationSettings.DEFAULT_PROVIDER, text -> accepted(text,
                AuthorizationSettings.DEFAULT_PROVIDER))
        .unlikeRocketMq("RocketMQ loads any class named here; Apogee has its one provider and accepts only the name of"
            + " RocketMQ's default, so that a RocketMQ broker.conf starts.")
        .doc("The class that decides requests. Empty and RocketMQ's default both mean Apogee's provider, which decides"
            + " as RocketMQ's default does.");
    static final ConfigKey<String> METADATA_PROVIDER = ConfigKey.of("authorizationMetadataProvider", "string", "",
            "empty, or " + AuthorizationSettings.LOCAL_METADATA_PROVIDER, text -> accepted(text,
                AuthorizationSettings.LOCAL_METADATA_PROVIDER))
        .unlikeRocketMq("RocketMQ keeps ACLs only when a provider is named (its local one in RocksDB under authConfigPath)"
            + " and refuses every request without one; Apogee always keeps them, in acls.json of the metadata directory.")
        .doc("Where the ACLs are kept. Empty and RocketMQ's local provider both mean the file acls.json of the store's"
            + " metadata directory.");
    static final ConfigKey<Set<Integer>> WHITELIST = ConfigKey.of("authorizationWhitelist", "list", "",
            "request codes separated by `,`", AuthorizationKeys::codes)
        .doc("Request codes that are never checked, e.g. `34,35` for heartbeats and unregistrations.");

    private AuthorizationKeys() {
    }

    /** The settings {@code values} give. */
    static AuthorizationSettings settings(ConfigValues values) {
        values.get(PROVIDER);
        values.get(METADATA_PROVIDER);
        return new AuthorizationSettings(values.get(ENABLED), values.get(WHITELIST));
    }

    private static String accepted(String text, String rocketMqClass) {
        if (!text.isEmpty() && !text.equals(rocketMqClass)) {
            throw new IllegalArgumentException(text);
        }
        return text;
    }

    private static Set<Integer> codes(String text) {
        Set<Integer> codes = new LinkedHashSet<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                codes.add(Integer.parseInt(part.trim()));
            }
        }
        return codes;
    }
}
