package io.apogee.broker.auth.authorization;

import java.util.Objects;

/**
 * A resource as a policy entry names it, or as a request needs it: a kind, a name and a pattern. Its key is RocketMQ's
 * text form: {@code *} (any resource), {@code Topic:*} (any topic), {@code Topic:order*} (topics starting with
 * "order") or {@code Topic:orders} (that topic). A requested resource is always LITERAL.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param type    the kind
 * @param name    the name, the prefix of a PREFIXED pattern, or null for an ANY pattern
 * @param pattern how the name matches
 */
public record Resource(ResourceType type, String name, ResourcePattern pattern) {
    /** The resource {@code *}: every resource of every kind. */
    public static final Resource ANY = new Resource(ResourceType.ANY, null, ResourcePattern.ANY);

    private static final String ASTERISK = "*";
    private static final char COLON = ':';
    private static final String RETRY_PREFIX = "%RETRY%";
    private static final String DLQ_PREFIX = "%DLQ%";

    /** Checks the parts. */
    public Resource {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(pattern, "pattern");
    }

    /** The topic {@code name}, as a request needs it. */
    public static Resource ofTopic(String name) {
        return new Resource(ResourceType.TOPIC, name, ResourcePattern.LITERAL);
    }

    /** The cluster {@code name}, as a request needs it. */
    public static Resource ofCluster(String name) {
        return new Resource(ResourceType.CLUSTER, name, ResourcePattern.LITERAL);
    }

    /**
     * The group {@code name}, as a request needs it. A retry topic ({@code %RETRY%group}) stands for its group, as in
     * RocketMQ.
     */
    public static Resource ofGroup(String name) {
        return new Resource(ResourceType.GROUP, groupName(name), ResourcePattern.LITERAL);
    }

    /** The group a name stands for: a retry topic's group without its prefix, any other name as it is. */
    static String groupName(String name) {
        if (isRetryTopic(name)) {
            return name.substring(RETRY_PREFIX.length());
        }
        return name;
    }

    /** Whether {@code name} is a retry topic ({@code %RETRY%} and a group), as RocketMQ's NamespaceUtil tells one. */
    static boolean isRetryTopic(String name) {
        return name != null && !name.isBlank() && name.startsWith(RETRY_PREFIX);
    }

    /** Whether {@code name} is a dead-letter topic. */
    static boolean isDeadLetterTopic(String name) {
        return name != null && !name.isBlank() && name.startsWith(DLQ_PREFIX);
    }

    /**
     * The resource of a key as RocketMQ's {@code Resource.of} reads it, or null when the key is blank or its kind is
     * unknown. A name ending with {@code *} is a prefix up to its first {@code *}.
     */
    public static Resource parse(String key) {
        if (key == null || key.isBlank()) {
            return null;
        }
        if (key.equals(ASTERISK)) {
            return ANY;
        }
        int colon = key.indexOf(COLON);
        ResourceType type = ResourceType.byName(colon < 0 ? key : key.substring(0, colon));
        if (type == null) {
            return null;
        }
        String name = colon < 0 ? "" : key.substring(colon + 1);
        if (name.equals(ASTERISK)) {
            return new Resource(type, null, ResourcePattern.ANY);
        }
        if (name.endsWith(ASTERISK)) {
            return new Resource(type, name.substring(0, name.indexOf(ASTERISK)), ResourcePattern.PREFIXED);
        }
        return new Resource(type, name, ResourcePattern.LITERAL);
    }

    /** The key, e.g. {@code Topic:order*}. */
    public String key() {
        if (type == ResourceType.ANY) {
            return ASTERISK;
        }
        return switch (pattern) {
            case ANY -> type.rocketMqName() + COLON + ASTERISK;
            case LITERAL -> type.rocketMqName() + COLON + name;
            case PREFIXED -> type.rocketMqName() + COLON + name + ASTERISK;
        };
    }

    /** Whether this entry's resource covers the requested resource {@code requestedName} of kind {@code requestedType}. */
    public boolean matches(ResourceType requestedType, String requestedName) {
        if (type == ResourceType.ANY) {
            return true;
        }
        if (type != requestedType) {
            return false;
        }
        return switch (pattern) {
            case ANY -> true;
            case LITERAL -> name != null && name.equals(requestedName);
            case PREFIXED -> name != null && requestedName != null && requestedName.startsWith(name);
        };
    }

    @Override
    public String toString() {
        return key();
    }
}
