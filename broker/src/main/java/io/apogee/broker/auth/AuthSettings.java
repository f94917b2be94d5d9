package io.apogee.broker.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The authentication settings of {@code broker.conf}, under RocketMQ's names: whether requests must be signed, the
 * request codes that need no signature, the super user made at first start, and the credentials the broker signs
 * its own requests with. The parsers name what is wrong but never echo a secret.
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

    private static final ObjectMapper JSON = new ObjectMapper();

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

    /** {@code {"username": .., "password": ..}} as credentials, or null for a blank text. */
    public static Credentials parseUser(String text) {
        return parse(text, "username", "password");
    }

    /** {@code {"accessKey": .., "secretKey": ..}} as credentials, or null for a blank text. */
    public static Credentials parseCredentials(String text) {
        return parse(text, "accessKey", "secretKey");
    }

    private static Credentials parse(String text, String nameField, String secretField) {
        if (text.isBlank()) {
            return null;
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (IOException e) {
            // the parser's message quotes the text, secret included
            throw new IllegalArgumentException("not a JSON object");
        }
        if (node == null || !node.path(nameField).isTextual() || !node.path(secretField).isTextual()) {
            throw new IllegalArgumentException("needs the text fields " + nameField + " and " + secretField);
        }
        String name = node.path(nameField).asText();
        String secret = node.path(secretField).asText();
        if (name.isBlank() || secret.isBlank()) {
            throw new IllegalArgumentException(nameField + " and " + secretField + " must not be blank");
        }
        return new Credentials(name, secret);
    }
}
