package io.apogee.broker.metadata;

import java.util.Locale;

/** A user's kind, as RocketMQ's ACL 2.0 names it: a super user may manage other super users. */
public enum UserType {
    /** May do everything, including managing super users. */
    SUPER("Super"),
    /** An ordinary user. */
    NORMAL("Normal");

    private final String label;

    UserType(String label) {
        this.label = label;
    }

    /** The name RocketMQ writes in a UserInfo body: {@code Super} or {@code Normal}. */
    public String label() {
        return label;
    }

    /** The type named {@code name} in any case, or null when it names none (RocketMQ's {@code getByName}). */
    public static UserType byName(String name) {
        if (name == null) {
            return null;
        }
        for (UserType type : values()) {
            if (type.label.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return type;
            }
        }
        return null;
    }
}
