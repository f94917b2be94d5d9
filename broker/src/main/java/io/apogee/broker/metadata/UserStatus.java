package io.apogee.broker.metadata;

import java.util.Locale;

/** Whether a user may sign in, as RocketMQ's ACL 2.0 names it. */
public enum UserStatus {
    /** Requests signed by the user are checked and may pass. */
    ENABLE("enable"),
    /** Requests signed by the user are refused. */
    DISABLE("disable");

    private final String label;

    UserStatus(String label) {
        this.label = label;
    }

    /** The name RocketMQ writes in a UserInfo body: {@code enable} or {@code disable}. */
    public String label() {
        return label;
    }

    /** The status named {@code name} in any case, or null when it names none (RocketMQ's {@code getByName}). */
    public static UserStatus byName(String name) {
        if (name == null) {
            return null;
        }
        for (UserStatus status : values()) {
            if (status.label.equals(name.toLowerCase(Locale.ROOT))) {
                return status;
            }
        }
        return null;
    }
}
