package io.apogee.broker.server;

import io.apogee.transport.tls.ClientAuthMode;
import io.apogee.transport.tls.ClientTls;
import io.apogee.transport.tls.TlsMode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The TLS of a server port, as settings under RocketMQ's own names, declared once for both files that start a server:
 * {@code broker.conf} (both of the broker's ports) and {@code namesrv.conf}. A key the file does not give takes the
 * JVM system property of the same name when one is set, as RocketMQ reads these keys from system properties.
 *
 * <p>Immutable; safe for any thread.
 */
final class TlsKeys {
    static final ConfigKey<TlsMode> MODE = ConfigKey.of("tls.server.mode", "enum", "permissive",
            "disabled, permissive, enforcing", text -> TlsMode.valueOf(text.toUpperCase(Locale.ROOT)))
        .doc("disabled: plaintext only, a TLS handshake is closed. permissive: the first byte of a connection tells TLS"
            + " (0x16) from plaintext, and both are served. enforcing: TLS only, plaintext is closed. Each tls key is"
            + " also read from the JVM system property of its name when the file leaves it out.");
    static final ConfigKey<String> CERT_PATH = ConfigKey.of("tls.server.certPath", "path", "", "a PEM file, or empty",
            text -> text)
        .unlikeRocketMq("RocketMQ's test mode ignores it and serves a fresh self-signed certificate at every start.")
        .doc("The server's X.509 certificate chain. Empty: a self-signed certificate generated at the first start and kept"
            + " in the config directory; its SHA-256 fingerprint is logged at every start.");
    static final ConfigKey<String> KEY_PATH = ConfigKey.of("tls.server.keyPath", "path", "", "a PEM file, or empty",
            text -> text)
        .doc("The server's PKCS#8 private key; given with tls.server.certPath.");
    static final ConfigKey<String> KEY_PASSWORD = ConfigKey.of("tls.server.keyPassword", "string", "",
            "any text, or empty", text -> text)
        .doc("The password of an encrypted tls.server.keyPath; empty for a key that is not encrypted.");
    static final ConfigKey<ClientAuthMode> NEED_CLIENT_AUTH = ConfigKey.of("tls.server.need.client.auth", "enum", "none",
            "none, optional, require", text -> ClientAuthMode.valueOf(text.toUpperCase(Locale.ROOT)))
        .doc("Whether the handshake asks for a client certificate: none, optional (asked, not needed) or require.");
    static final ConfigKey<Boolean> AUTH_CLIENT = ConfigKey.bool("tls.server.authClient", false)
        .doc("Whether a client certificate is checked against tls.server.trustCertPath; false accepts any.");
    static final ConfigKey<String> TRUST_CERT_PATH = ConfigKey.of("tls.server.trustCertPath", "path", "",
            "a PEM file, or empty", text -> text)
        .doc("The certificates that client certificates are checked against, with tls.server.authClient.");
    static final ConfigKey<Boolean> TEST_MODE = ConfigKey.bool("tls.test.mode.enable", true)
        .unlikeRocketMq("RocketMQ's test mode always serves a fresh self-signed certificate and asks optionally for a"
            + " client certificate.")
        .doc("true: without tls.server.certPath, a self-signed certificate is generated and served. false: TLS needs a"
            + " given certificate; a missing one stops start-up.");

    static final ConfigKey<Boolean> CLIENT_ENABLE = ConfigKey.bool("tls.enable", false)
        .doc("Whether the broker's registrations with the name servers of namesrvAddr go over TLS. Without"
            + " tls.client.authServer any name-server certificate is accepted.");
    static final ConfigKey<Boolean> CLIENT_AUTH_SERVER = ConfigKey.bool("tls.client.authServer", false)
        .doc("Whether a name server's certificate is checked against tls.client.trustCertPath when registering over"
            + " TLS; false accepts any.");
    static final ConfigKey<String> CLIENT_TRUST_CERT_PATH = ConfigKey.of("tls.client.trustCertPath", "path", "",
            "a PEM file, or empty", text -> text)
        .doc("The certificates that name-server certificates are checked against, with tls.client.authServer.");
    static final ConfigKey<String> CLIENT_CERT_PATH = ConfigKey.of("tls.client.certPath", "path", "",
            "a PEM file, or empty", text -> text)
        .doc("The certificate chain the broker presents when registering over TLS with a name server that asks for a"
            + " client certificate; with tls.client.keyPath.");
    static final ConfigKey<String> CLIENT_KEY_PATH = ConfigKey.of("tls.client.keyPath", "path", "",
            "a PKCS#8 PEM file, or empty", text -> text)
        .doc("The private key of tls.client.certPath.");
    static final ConfigKey<String> CLIENT_KEY_PASSWORD = ConfigKey.of("tls.client.keyPassword", "string", "",
            "any text", text -> text)
        .doc("The password of an encrypted tls.client.keyPath; empty for a plain key.");

    private TlsKeys() {
    }

    /** The TLS settings of {@code values}, the JVM's system properties filling in the keys the file leaves out. */
    static TlsSettings settings(ConfigValues values) {
        TlsMode mode = get(values, MODE);
        String cert = get(values, CERT_PATH);
        String key = get(values, KEY_PATH);
        String password = get(values, KEY_PASSWORD);
        ClientAuthMode clientAuth = get(values, NEED_CLIENT_AUTH);
        boolean authClient = get(values, AUTH_CLIENT);
        String trust = get(values, TRUST_CERT_PATH);
        boolean testMode = get(values, TEST_MODE);
        if (cert.isEmpty() != key.isEmpty()) {
            throw new BrokerConfigException(cert.isEmpty() ? CERT_PATH.name() : KEY_PATH.name(),
                "tls.server.certPath and tls.server.keyPath are given together or not at all");
        }
        if (mode != TlsMode.DISABLED && cert.isEmpty() && !testMode) {
            throw new BrokerConfigException(CERT_PATH.name(), "TLS is " + mode.name().toLowerCase(Locale.ROOT)
                + " and tls.test.mode.enable is false: give a certificate (or set tls.server.mode=disabled)");
        }
        if (authClient && trust.isEmpty()) {
            throw new BrokerConfigException(TRUST_CERT_PATH.name(), "tls.server.authClient needs trusted certificates");
        }
        return new TlsSettings(mode, pathOrNull(cert), pathOrNull(key), password.isEmpty() ? null : password, clientAuth,
            authClient ? Path.of(trust) : null);
    }

    /**
     * The TLS of the broker's outbound connections (registration), or null for plaintext.
     *
     * @throws BrokerConfigException when tls.client.authServer is set without trusted certificates
     */
    static ClientTls clientTls(ConfigValues values) {
        boolean enable = get(values, CLIENT_ENABLE);
        boolean authServer = get(values, CLIENT_AUTH_SERVER);
        String trust = get(values, CLIENT_TRUST_CERT_PATH);
        String cert = get(values, CLIENT_CERT_PATH);
        String key = get(values, CLIENT_KEY_PATH);
        String password = get(values, CLIENT_KEY_PASSWORD);
        if (authServer && trust.isEmpty()) {
            throw new BrokerConfigException(CLIENT_TRUST_CERT_PATH.name(), "tls.client.authServer needs trusted certificates");
        }
        if (cert.isEmpty() != key.isEmpty()) {
            throw new BrokerConfigException(cert.isEmpty() ? CLIENT_CERT_PATH.name() : CLIENT_KEY_PATH.name(),
                "tls.client.certPath and tls.client.keyPath are given together or not at all");
        }
        if (!enable) {
            return null;
        }
        ClientTls tls;
        try {
            tls = authServer ? ClientTls.trusting(Path.of(trust)) : ClientTls.trustingAnyServer();
        } catch (UncheckedIOException e) {
            throw new BrokerConfigException(CLIENT_TRUST_CERT_PATH.name(), e.getMessage());
        }
        if (cert.isEmpty()) {
            return tls;
        }
        try {
            return tls.presenting(Path.of(cert), Path.of(key), password.isEmpty() ? null : password);
        } catch (UncheckedIOException e) {
            throw new BrokerConfigException(CLIENT_CERT_PATH.name(), e.getMessage());
        }
    }

    private static <T> T get(ConfigValues values, ConfigKey<T> key) {
        return values.get(key, System.getProperty(key.name(), key.fallback()));
    }

    private static Path pathOrNull(String text) {
        return text.isEmpty() ? null : Path.of(text);
    }
}
