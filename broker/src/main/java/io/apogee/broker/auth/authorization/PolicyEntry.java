package io.apogee.broker.auth.authorization;

import java.util.List;
import java.util.Objects;

/**
 * One rule of a policy: a resource, the actions it covers, the sources it applies to and what it decides. A policy
 * holds at most one entry per resource.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param resource  the resource, possibly a pattern
 * @param actions   the actions covered, in the order written; {@link Action#ALL} covers every action
 * @param sourceIps the sources covered
 * @param decision  allow or deny
 */
public record PolicyEntry(Resource resource, List<Action> actions, SourceIps sourceIps, Decision decision) {
    /** Checks the parts and copies the list. */
    public PolicyEntry {
        Objects.requireNonNull(resource, "resource");
        actions = List.copyOf(actions);
        Objects.requireNonNull(sourceIps, "sourceIps");
        Objects.requireNonNull(decision, "decision");
    }

    /**
     * Whether the entry covers a request needing {@code requested}: as RocketMQ's {@code isMatchAction}, any one
     * requested action in the entry (or ALL in the entry) is enough, and a request needing ANY is covered by any
     * entry with an action.
     */
    public boolean covers(Actions requested) {
        if (actions.isEmpty()) {
            return false;
        }
        if (requested.contains(Action.ANY)) {
            return true;
        }
        for (Action action : actions) {
            if (action == Action.ALL || requested.contains(action)) {
                return true;
            }
        }
        return false;
    }
}
