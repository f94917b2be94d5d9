package io.apogee.common.text;

/**
 * RocketMQ's alphabet of topic and group names, {@code [%|a-zA-Z0-9_-]}: the broker's name rule and the store's
 * queue directories both hold to it, so that no name can escape a directory or break a key.
 *
 * <p>Stateless; safe for any thread. Allocates nothing.
 */
public final class NameAlphabet {
    private NameAlphabet() {
    }

    /** Whether every character of {@code name} is in the alphabet (true for an empty name). */
    public static boolean holds(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '%' || c == '|' || c == '_' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }
}
