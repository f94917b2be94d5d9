package io.apogee.broker.auth.authorization;

/**
 * The kinds of resource an ACL names, with RocketMQ's names. {@link #ANY} is the kind of the resource {@code *}, which
 * matches every resource of every kind.
 *
 * <p>Immutable; safe for any thread.
 */
public enum ResourceType {
    ANY("Any"),
    CLUSTER("Cluster"),
    NAMESPACE("Namespace"),
    TOPIC("Topic"),
    GROUP("Group");

    private final String rocketMqName;

    ResourceType(String rocketMqName) {
        this.rocketMqName = rocketMqName;
    }

    /** The name in resource keys, e.g. "Topic" in {@code Topic:orders}. */
    public String rocketMqName() {
        return rocketMqName;
    }

    /** The kind named {@code name} in any case, or null. */
    public static ResourceType byName(String name) {
        for (ResourceType type : values()) {
            if (type.rocketMqName.equalsIgnoreCase(name)) {
                return type;
            }
        }
        return null;
    }
}
