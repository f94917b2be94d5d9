package io.apogee.broker.auth.authorization;

/**
 * The two policies an ACL may hold. The matcher reads the DEFAULT policy only when no entry of the CUSTOM one matches
 * the request; an ACL written without a type gets CUSTOM.
 *
 * <p>Immutable; safe for any thread.
 */
public enum PolicyType {
    CUSTOM("Custom"),
    DEFAULT("Default");

    private final String rocketMqName;

    PolicyType(String rocketMqName) {
        this.rocketMqName = rocketMqName;
    }

    /** The name in ACL bodies, e.g. "Custom". */
    public String rocketMqName() {
        return rocketMqName;
    }

    /** The type named {@code name} in any case, or null. */
    public static PolicyType byName(String name) {
        for (PolicyType type : values()) {
            if (type.rocketMqName.equalsIgnoreCase(name)) {
                return type;
            }
        }
        return null;
    }
}
