package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The entries of one type (CUSTOM or DEFAULT) of an ACL. An update keeps one entry per resource, but a new ACL keeps
 * every entry it was created with, as RocketMQ's does; an update or a delete then takes the first for its resource.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param type    the type
 * @param entries the entries, in the order they were first written
 */
public record Policy(PolicyType type, List<PolicyEntry> entries) {
    /** Checks the parts and copies the list. */
    public Policy {
        Objects.requireNonNull(type, "type");
        entries = List.copyOf(entries);
    }

    /**
     * This policy with {@code changes} applied as RocketMQ's {@code Policy.updateEntry} applies them: an entry for a
     * resource already held replaces it in place, any other is added at the end.
     */
    public Policy updatedWith(List<PolicyEntry> changes) {
        List<PolicyEntry> result = new ArrayList<>(entries);
        for (PolicyEntry change : changes) {
            int at = indexOf(result, change.resource());
            if (at < 0) {
                result.add(change);
            } else {
                result.set(at, change);
            }
        }
        return new Policy(type, result);
    }

    /** This policy without the entry for {@code resource}. */
    public Policy without(Resource resource) {
        List<PolicyEntry> result = new ArrayList<>(entries);
        int at = indexOf(result, resource);
        if (at >= 0) {
            result.remove(at);
        }
        return new Policy(type, result);
    }

    private static int indexOf(List<PolicyEntry> entries, Resource resource) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).resource().equals(resource)) {
                return i;
            }
        }
        return -1;
    }
}
