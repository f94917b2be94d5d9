package io.apogee.broker.server;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.transport.auth.Credentials;
import io.apogee.transport.auth.CredentialsJson;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The authentication keys of {@code broker.conf}, with RocketMQ 5.4's names and meanings, so that a file written for
 * RocketMQ with ACL 2.0 on starts Apogee. The provider keys accept RocketMQ's own class names (Apogee has one of
 * each built in). A bad JSON value is refused without quoting it: it may hold a secret.
 */
final class AuthKeys {
    private static final String PROVIDER = "org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider";
    private static final String METADATA_PROVIDER =
        "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider";
    private static final String STRATEGY_PACKAGE = "org.apache.rocketmq.auth.authentication.strategy.";
    private static final List<String> STRATEGIES = List.of(STRATEGY_PACKAGE + "StatelessAuthenticationStrategy",
        STRATEGY_PACKAGE + "StatefulAuthenticationStrategy");

    static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("authenticationEnabled", false)
        .doc("Requires every request to the broker port to be signed by a known, enabled user (ACL 2.0, as the"
            + " official clients' AclClientRPCHook signs). Others are answered NO_PERMISSION. See"
            + " [security.md](security.md).");
    static final ConfigKey<String> PROVIDER_KEY = oneOf("authenticationProvider", List.of(PROVIDER))
        .doc("The authentication provider. Apogee has one built in, RocketMQ's default, which blank also names.");
    static final ConfigKey<String> METADATA_PROVIDER_KEY = oneOf("authenticationMetadataProvider",
            List.of(METADATA_PROVIDER))
        .unlikeRocketMq("RocketMQ refuses every signed request when it is blank; Apogee then uses its users.conf too.")
        .doc("Where users are kept. Apogee keeps them in `users.conf` in the store's metadata directory, whatever this"
            + " names.");
    static final ConfigKey<String> STRATEGY_KEY = oneOf("authenticationStrategy", STRATEGIES)
        .unlikeRocketMq("RocketMQ's stateful strategy remembers a connection's success for a while; Apogee checks every"
            + " request under either name.")
        .doc("How often a connection is checked. Apogee checks every request.");
    static final ConfigKey<Set<Integer>> WHITELIST = ConfigKey.of("authenticationWhitelist", "list", "",
            "request codes separated by `,`", AuthSettings::parseWhitelist)
        .doc("Request codes let through unsigned. Entries that are not numbers (gRPC names) are skipped.");
    static final ConfigKey<Optional<Credentials>> INIT_USER = json("initAuthenticationUser", CredentialsJson::parseUser,
        "a JSON object {\"username\": .., \"password\": ..}")
        .doc("A super user made at start-up when no user of that name exists.");
    static final ConfigKey<Optional<Credentials>> INNER_CREDENTIALS = json("innerClientAuthenticationCredentials",
        CredentialsJson::parseCredentials, "a JSON object {\"accessKey\": .., \"secretKey\": ..}")
        .doc("What the broker signs its own requests with (its registrations with the name servers of namesrvAddr);"
            + " a super user of that name is made at start-up when none exists.");

    static final ConfigKey<Boolean> NAME_SERVER_ENABLED = ConfigKey.bool("authenticationEnabled", false)
        .apogeeOnly("RocketMQ's name server takes any registration.")
        .doc("Requires REGISTER_BROKER and UNREGISTER_BROKER to be signed by one of the users below (the brokers'"
            + " innerClientAuthenticationCredentials); a refused one is answered NO_PERMISSION and leaves the routes as"
            + " they were. Other requests need no signature.");
    static final ConfigKey<Optional<Credentials>> NAME_SERVER_USER = json("initAuthenticationUser", CredentialsJson::parseUser,
        "a JSON object {\"username\": .., \"password\": ..}")
        .apogeeOnly("A broker key in RocketMQ.")
        .doc("A user whose signature the name server accepts on registrations.");
    static final ConfigKey<Optional<Credentials>> NAME_SERVER_CREDENTIALS = json("innerClientAuthenticationCredentials",
        CredentialsJson::parseCredentials, "a JSON object {\"accessKey\": .., \"secretKey\": ..}")
        .apogeeOnly("A broker key in RocketMQ.")
        .doc("Credentials whose signature the name server accepts on registrations: give the brokers' own.");

    /** The name server's keys, in the order the docs list them. */
    static final List<ConfigKey<?>> NAME_SERVER_KEYS = List.of(NAME_SERVER_ENABLED, NAME_SERVER_USER,
        NAME_SERVER_CREDENTIALS);

    /** The keys, in the order the docs list them. */
    static final List<ConfigKey<?>> KEYS = List.of(ENABLED, PROVIDER_KEY, METADATA_PROVIDER_KEY, STRATEGY_KEY, WHITELIST,
        INIT_USER, INNER_CREDENTIALS);

    private AuthKeys() {
    }

    /** The settings {@code values} give. */
    static AuthSettings settings(ConfigValues values) {
        values.get(PROVIDER_KEY);
        values.get(METADATA_PROVIDER_KEY);
        values.get(STRATEGY_KEY);
        return new AuthSettings(values.get(ENABLED), values.get(WHITELIST), values.get(INIT_USER).orElse(null),
            values.get(INNER_CREDENTIALS).orElse(null));
    }

    /** The name server's settings {@code values} give (it has no whitelist). */
    static AuthSettings nameServerSettings(ConfigValues values) {
        return new AuthSettings(values.get(NAME_SERVER_ENABLED), Set.of(), values.get(NAME_SERVER_USER).orElse(null),
            values.get(NAME_SERVER_CREDENTIALS).orElse(null));
    }

    private static ConfigKey<String> oneOf(String name, List<String> accepted) {
        return ConfigKey.of(name, "string", "", "blank or " + String.join(", ", accepted), text -> {
            if (!text.isBlank() && !accepted.contains(text.trim())) {
                throw new BrokerConfigException(name, "Apogee has no provider '" + text + "'; leave it blank or name "
                    + String.join(", ", accepted));
            }
            return text.trim();
        });
    }

    private static ConfigKey<Optional<Credentials>> json(String name, Function<String, Credentials> parser,
        String allowed) {
        return ConfigKey.of(name, "JSON", "", allowed, text -> {
            try {
                return Optional.ofNullable(parser.apply(text));
            } catch (IllegalArgumentException e) {
                throw new BrokerConfigException(name, e.getMessage());
            }
        });
    }
}
