package io.apogee.testsupport.scenario;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message a scenario sends: topic, tags (may be null), keys, body and user properties. Immutable.
 *
 * @param topic      the topic
 * @param tags       the tag, or null for none
 * @param keys       the keys
 * @param body       the body
 * @param properties user properties
 * @param delayLevel the delay level, 0 for none
 */
public record Outgoing(String topic, String tags, String keys, byte[] body, Map<String, String> properties, int delayLevel) {
    /** Copies the properties. */
    public Outgoing {
        properties = Map.copyOf(properties);
    }

    /** A message sent at once. */
    public Outgoing(String topic, String tags, String keys, byte[] body, Map<String, String> properties) {
        this(topic, tags, keys, body, properties, 0);
    }

    /** This message with delay level {@code level}. */
    public Outgoing delayed(int level) {
        return new Outgoing(topic, tags, keys, body, properties, level);
    }

    /** A message with a UTF-8 {@code body} and no properties. */
    public static Outgoing of(String topic, String tags, String keys, String body) {
        return new Outgoing(topic, tags, keys, body.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    /** This message with user property {@code name} set to {@code value}. */
    public Outgoing with(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(properties);
        more.put(name, value);
        return new Outgoing(topic, tags, keys, body, more, delayLevel);
    }

    /** User property {@code name}, or null. */
    public String property(String name) {
        return properties.get(name);
    }
}
