package io.apogee.broker.auth.authorization;

import java.util.Locale;

/**
 * What a request does to a resource, with RocketMQ's names (its {@code Action} enum). A policy entry lists the
 * actions it covers; {@link #ALL} in an entry covers every action. {@link #ANY} is only ever asked for, never granted:
 * a request needing ANY is covered by an entry with any action at all.
 *
 * <p>Immutable; safe for any thread.
 */
public enum Action {
    ALL("All"),
    ANY("Any"),
    PUB("Pub"),
    SUB("Sub"),
    CREATE("Create"),
    UPDATE("Update"),
    DELETE("Delete"),
    GET("Get"),
    LIST("List");

    private static final Action[] VALUES = values();

    private final String rocketMqName;

    Action(String rocketMqName) {
        this.rocketMqName = rocketMqName;
    }

    /** The name in ACL bodies and mqadmin, e.g. "Pub". */
    public String rocketMqName() {
        return rocketMqName;
    }

    /** The action named {@code name} in any case, or null (RocketMQ skips an unknown action name). */
    public static Action byName(String name) {
        if (name == null) {
            return null;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (Action action : VALUES) {
            if (action.rocketMqName.toLowerCase(Locale.ROOT).equals(lower)) {
                return action;
            }
        }
        return null;
    }
}
