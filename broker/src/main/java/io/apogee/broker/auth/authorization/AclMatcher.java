package io.apogee.broker.auth.authorization;

/**
 * Picks the one policy entry of an ACL that decides a request, as RocketMQ's {@code AclAuthorizationHandler} does.
 * Entries of the CUSTOM policy are tried first; the DEFAULT policy counts only when no CUSTOM entry matches. An entry
 * matches when its resource covers the requested one, its actions cover the requested ones and its sources cover the
 * request's address. Of the matching entries the most specific resource wins: a LITERAL name, then the longest
 * PREFIXED name, then a kind's ANY, then {@code *}. Equally specific entries are entries for the same resource (an ACL
 * created with several keeps them all); among those a DENY wins, as in RocketMQ 5.4.0.
 *
 * <p>Stateless; safe for any thread. It allocates nothing.
 */
public final class AclMatcher {
    private static final int LITERAL_RANK = 0;
    private static final int TYPE_ANY_RANK = 3;
    private static final int PATTERN_ANY_RANK = 2;
    private static final int PREFIXED_RANK = 1;

    private AclMatcher() {
    }

    /**
     * The decision of the most specific entry of {@code acl} matching a request from {@code sourceIp} needing
     * {@code actions} on the resource {@code name} of kind {@code type}, or null when none matches (and so the
     * request is denied).
     */
    public static Decision decide(Acl acl, ResourceType type, String name, Actions actions, String sourceIp) {
        PolicyEntry best = best(acl.policy(PolicyType.CUSTOM), type, name, actions, sourceIp);
        if (best == null) {
            best = best(acl.policy(PolicyType.DEFAULT), type, name, actions, sourceIp);
        }
        return best == null ? null : best.decision();
    }

    private static PolicyEntry best(Policy policy, ResourceType type, String name, Actions actions, String sourceIp) {
        if (policy == null) {
            return null;
        }
        PolicyEntry best = null;
        for (PolicyEntry entry : policy.entries()) {
            if (entry.resource().matches(type, name) && entry.covers(actions) && entry.sourceIps().matches(sourceIp)
                && (best == null || decidesOver(entry, best))) {
                best = entry;
            }
        }
        return best;
    }

    /** Whether {@code entry} decides rather than {@code best}: more specific, or as specific and a DENY. */
    private static boolean decidesOver(PolicyEntry entry, PolicyEntry best) {
        if (moreSpecific(entry.resource(), best.resource())) {
            return true;
        }
        return entry.decision() == Decision.DENY && best.decision() != Decision.DENY
            && !moreSpecific(best.resource(), entry.resource());
    }

    /** Whether {@code a} is more specific than {@code b}, both covering the same requested resource. */
    static boolean moreSpecific(Resource a, Resource b) {
        int rankA = rank(a);
        int rankB = rank(b);
        if (rankA != rankB) {
            return rankA < rankB;
        }
        return rankA == PREFIXED_RANK && a.name().length() > b.name().length();
    }

    private static int rank(Resource resource) {
        if (resource.type() == ResourceType.ANY) {
            return TYPE_ANY_RANK;
        }
        return switch (resource.pattern()) {
            case LITERAL -> LITERAL_RANK;
            case PREFIXED -> PREFIXED_RANK;
            case ANY -> PATTERN_ANY_RANK;
        };
    }
}
