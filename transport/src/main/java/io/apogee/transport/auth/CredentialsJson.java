package io.apogee.transport.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * Credentials as RocketMQ's settings write them: {@code initAuthenticationUser} and
 * {@code innerClientAuthenticationCredentials}. The parsers name what is wrong but never echo a secret. Stateless.
 */
public final class CredentialsJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CredentialsJson() {
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
