package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The access control list of one subject: at most one policy of each type.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param subject  the subject's key, {@code User:} and a user name
 * @param policies the policies, in the order they were first written
 */
public record Acl(String subject, List<Policy> policies) {
    /** The prefix of a user's subject key; users are the only subjects RocketMQ 5.4.0 has. */
    public static final String USER_PREFIX = "User:";

    /** Checks the parts and copies the list. */
    public Acl {
        Objects.requireNonNull(subject, "subject");
        policies = List.copyOf(policies);
    }

    /** The user name of a subject key {@code User:name}, or null when the key names no user. */
    public static String userOf(String subject) {
        if (subject == null) {
            return null;
        }
        int colon = subject.indexOf(':');
        String type = colon < 0 ? subject : subject.substring(0, colon);
        if (!type.equalsIgnoreCase(USER_PREFIX.substring(0, USER_PREFIX.length() - 1))) {
            return null;
        }
        return colon < 0 ? "" : subject.substring(colon + 1);
    }

    /** The policy of {@code type}, or null. */
    public Policy policy(PolicyType type) {
        for (Policy policy : policies) {
            if (policy.type() == type) {
                return policy;
            }
        }
        return null;
    }

    /**
     * This ACL with {@code changes} applied as RocketMQ's {@code Acl.updatePolicy} applies them: a policy of a type
     * already held has its entries updated, any other is added.
     */
    public Acl updatedWith(List<Policy> changes) {
        List<Policy> result = new ArrayList<>(policies);
        for (Policy change : changes) {
            int at = indexOf(result, change.type());
            if (at < 0) {
                result.add(change);
            } else {
                result.set(at, result.get(at).updatedWith(change.entries()));
            }
        }
        return new Acl(subject, result);
    }

    /** This ACL without the entry for {@code resource} in its policy of {@code type}; an emptied policy goes too. */
    public Acl without(PolicyType type, Resource resource) {
        List<Policy> result = new ArrayList<>(policies);
        int at = indexOf(result, type);
        if (at < 0) {
            return this;
        }
        Policy remaining = result.get(at).without(resource);
        if (remaining.entries().isEmpty()) {
            result.remove(at);
        } else {
            result.set(at, remaining);
        }
        return new Acl(subject, result);
    }

    private static int indexOf(List<Policy> policies, PolicyType type) {
        for (int i = 0; i < policies.size(); i++) {
            if (policies.get(i).type() == type) {
                return i;
            }
        }
        return -1;
    }
}
