package io.apogee.broker.auth.authorization;

/**
 * What a matched policy entry decides, with RocketMQ's names.
 *
 * <p>Immutable; safe for any thread.
 */
public enum Decision {
    ALLOW("Allow"),
    DENY("Deny");

    private final String rocketMqName;

    Decision(String rocketMqName) {
        this.rocketMqName = rocketMqName;
    }

    /** The name in ACL bodies, e.g. "Allow". */
    public String rocketMqName() {
        return rocketMqName;
    }

    /** The decision named {@code name} in any case, or null. */
    public static Decision byName(String name) {
        for (Decision decision : values()) {
            if (decision.rocketMqName.equalsIgnoreCase(name)) {
                return decision;
            }
        }
        return null;
    }
}
