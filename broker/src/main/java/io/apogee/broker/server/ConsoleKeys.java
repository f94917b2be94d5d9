package io.apogee.broker.server;

import io.apogee.broker.console.ConsoleSettings;

/**
 * The keys of the console in the browser: whether the broker serves it, and on which address and port. See
 * docs/console.md.
 *
 * <p>Immutable; safe for any thread.
 */
final class ConsoleKeys {
    private static final int MAX_PORT = 65_535;
    private static final int DEFAULT_PORT = 8180;
    private static final String NOTE = "RocketMQ's console is rocketmq-dashboard, a separate application.";

    static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("consoleEnable", false)
        .apogeeOnly(NOTE)
        .doc("Whether the broker (or the stand-alone name server) serves its console (pages and JSON over plain HTTP)"
            + " on consoleListenHost:consoleListenPort. Off by default: the port has no TLS, so it is opened on"
            + " purpose. When off, no thread, port or sample exists.");
    static final ConfigKey<String> HOST = ConfigKey.of("consoleListenHost", "string", "",
            "an IP address or a host name of this machine, or empty", text -> text)
        .computedDefault("empty (brokerIP1)")
        .apogeeOnly(NOTE)
        .doc("The address the console binds; empty binds brokerIP1. 0.0.0.0 listens on every interface.");
    static final ConfigKey<String> NAME_SERVER_HOST = ConfigKey.of("consoleListenHost", "string", "",
            "an IP address or a host name of this machine, or empty", text -> text)
        .computedDefault("empty (bindAddress)")
        .apogeeOnly(NOTE)
        .doc("The address the name server's console binds; empty binds bindAddress.");
    static final ConfigKey<Integer> PORT = ConfigKey.integer("consoleListenPort", DEFAULT_PORT, 0, MAX_PORT)
        .apogeeOnly(NOTE)
        .doc("The console's port. 0 picks a free port.");

    private ConsoleKeys() {
    }

    /** The console's settings of {@code values}, or null when it is off; an empty host is {@code brokerIp}. */
    static ConsoleSettings settings(ConfigValues values, String brokerIp) {
        return settings(values, HOST, brokerIp);
    }

    /** The stand-alone name server's console settings, or null when it is off; an empty host is {@code bindAddress}. */
    static ConsoleSettings nameServerSettings(ConfigValues values, String bindAddress) {
        return settings(values, NAME_SERVER_HOST, bindAddress);
    }

    private static ConsoleSettings settings(ConfigValues values, ConfigKey<String> hostKey, String emptyHost) {
        boolean enabled = values.get(ENABLED);
        String host = values.get(hostKey, "");
        int port = values.get(PORT);
        return enabled ? new ConsoleSettings(host.isEmpty() ? emptyHost : host, port) : null;
    }
}
