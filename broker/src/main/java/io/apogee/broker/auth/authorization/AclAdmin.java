package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The ACL changes and queries of the admin codes, with the rules of RocketMQ's {@code AuthorizationMetadataManagerImpl}:
 * an ACL is written only for a user that exists; creating an ACL that exists updates it (and updating one that does
 * not exist creates it); deleting without a resource, or the last entry, deletes the whole ACL.
 *
 * <p>Thread-safe as the store is; changes are serialized by this object's monitor so that a read-change-write of one
 * ACL is not interleaved with another.
 */
public final class AclAdmin {
    private final AclStore acls;
    private final UserDirectory users;

    /** Changes {@code acls} for the users of {@code users}. */
    public AclAdmin(AclStore acls, UserDirectory users) {
        this.acls = Objects.requireNonNull(acls, "acls");
        this.users = Objects.requireNonNull(users, "users");
    }

    /**
     * Creates {@code acl}, or merges it into the subject's ACL (AUTH_CREATE_ACL and AUTH_UPDATE_ACL alike).
     *
     * @throws AclRejected when the subject's user does not exist
     */
    public synchronized void write(Acl acl) {
        requireUser(acl.subject(), "The subject of " + acl.subject() + " is not exist.");
        Acl old = acls.get(acl.subject());
        acls.put(old == null ? acl : old.updatedWith(acl.policies()));
    }

    /**
     * Deletes the entry for {@code resource} from the policy of {@code type} (CUSTOM when null), or the whole ACL when
     * {@code resource} is null or the ACL is left without entries.
     *
     * @throws AclRejected when the subject is missing, its user does not exist or it has no ACL
     */
    public synchronized void delete(String subject, PolicyType type, Resource resource) {
        if (Acl.userOf(subject) == null) {
            throw new AclRejected("The subject is null.");
        }
        requireUser(subject, "The subject is not exist.");
        Acl old = acls.get(subject);
        if (old == null) {
            throw new AclRejected("The acl is not exist.");
        }
        Acl remaining = resource == null ? null : old.without(type == null ? PolicyType.CUSTOM : type, resource);
        if (remaining == null || remaining.policies().isEmpty()) {
            acls.remove(subject);
        } else {
            acls.put(remaining);
        }
    }

    /**
     * The ACL of {@code subject}, or null when it has none.
     *
     * @throws AclRejected when the subject's user does not exist
     */
    public Acl get(String subject) {
        requireUser(subject, "The subject is not exist.");
        return acls.get(subject);
    }

    /**
     * The ACLs whose subject key contains {@code subjectFilter} (when not blank), each with only the entries whose
     * resource key contains {@code resourceFilter} (when not blank, and unless the subject key itself contains it);
     * an ACL left without entries is left out. The filters are RocketMQ's, substring matches.
     */
    public List<Acl> list(String subjectFilter, String resourceFilter) {
        List<Acl> result = new ArrayList<>();
        for (Acl acl : acls.all()) {
            if (!isBlank(subjectFilter) && !acl.subject().contains(subjectFilter)) {
                continue;
            }
            Acl filtered = isBlank(resourceFilter) || acl.subject().contains(resourceFilter)
                ? acl : onlyResources(acl, resourceFilter);
            if (!filtered.policies().isEmpty()) {
                result.add(filtered);
            }
        }
        return result;
    }

    private static Acl onlyResources(Acl acl, String resourceFilter) {
        List<Policy> policies = new ArrayList<>();
        for (Policy policy : acl.policies()) {
            List<PolicyEntry> entries = policy.entries().stream()
                .filter(entry -> entry.resource().key().contains(resourceFilter)).toList();
            if (!entries.isEmpty()) {
                policies.add(new Policy(policy.type(), entries));
            }
        }
        return new Acl(acl.subject(), policies);
    }

    private void requireUser(String subject, String message) {
        String user = Acl.userOf(subject);
        if (user == null || users.kind(user) == null) {
            throw new AclRejected(message);
        }
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
