package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.List;

/**
 * The actions one request needs on one resource, as a bit set. The sets the request codes need are constants, each
 * with a small {@link #slot()} under which the {@link DecisionCache} keeps its decision; any other set has no slot and
 * is not cached.
 *
 * <p>Immutable; safe for any thread.
 */
public final class Actions {
    /** Sending to a topic. */
    public static final Actions PUB = new Actions(0, Action.PUB);
    /** Consuming from a topic or as a group. */
    public static final Actions SUB = new Actions(1, Action.SUB);
    /** Reading a resource's state. */
    public static final Actions GET = new Actions(2, Action.GET);
    /** Creating a resource. */
    public static final Actions CREATE = new Actions(3, Action.CREATE);
    /** Changing a resource. */
    public static final Actions UPDATE = new Actions(4, Action.UPDATE);
    /** Deleting a resource. */
    public static final Actions DELETE = new Actions(5, Action.DELETE);
    /** Listing resources. */
    public static final Actions LIST = new Actions(6, Action.LIST);
    /** Either sending or consuming (a heartbeat, an unregistration). */
    public static final Actions PUB_SUB = new Actions(7, Action.PUB, Action.SUB);
    /** Consuming or reading (an offset query, a message query). */
    public static final Actions SUB_GET = new Actions(8, Action.SUB, Action.GET);
    /** Consuming or changing (an offset commit). */
    public static final Actions SUB_UPDATE = new Actions(9, Action.SUB, Action.UPDATE);
    /** Sending, consuming or reading (a route query). */
    public static final Actions PUB_SUB_GET = new Actions(10, Action.PUB, Action.SUB, Action.GET);
    /** How many slots the constants take. */
    static final int SLOTS = 11;

    private static final Actions[] CONSTANTS = {PUB, SUB, GET, CREATE, UPDATE, DELETE, LIST, PUB_SUB, SUB_GET,
        SUB_UPDATE, PUB_SUB_GET};

    private final int slot;
    private final int mask;

    private Actions(int slot, Action... actions) {
        this.slot = slot;
        int bits = 0;
        for (Action action : actions) {
            bits |= bit(action);
        }
        this.mask = bits;
    }

    /** The set of {@code actions}: a constant when one holds exactly these. */
    public static Actions of(Action... actions) {
        Actions set = new Actions(-1, actions);
        for (Actions constant : CONSTANTS) {
            if (constant.mask == set.mask) {
                return constant;
            }
        }
        return set;
    }

    private static int bit(Action action) {
        return 1 << action.ordinal();
    }

    /** Whether {@code action} is in the set. */
    public boolean contains(Action action) {
        return (mask & bit(action)) != 0;
    }

    /** The cache slot, 0 to {@link #SLOTS} - 1, or -1 for a set that is not a constant. */
    int slot() {
        return slot;
    }

    /** The actions, in declaration order. */
    public List<Action> toList() {
        List<Action> list = new ArrayList<>();
        for (Action action : Action.values()) {
            if (contains(action)) {
                list.add(action);
            }
        }
        return list;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Actions actions && actions.mask == mask;
    }

    @Override
    public int hashCode() {
        return mask;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Action action : toList()) {
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(action.rocketMqName());
        }
        return text.toString();
    }
}
