package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** ACLs for tests, written as RocketMQ's AuthTestHelper.buildAcl writes them: comma-separated keys and names. */
final class Acls {
    private Acls() {
    }

    /** One CUSTOM policy with an entry per resource of {@code resources}, each with the same actions, sources, decision. */
    static Acl acl(String subject, String resources, String actions, String sourceIps, Decision decision) {
        return new Acl(subject, List.of(policy(PolicyType.CUSTOM, resources, actions, sourceIps, decision)));
    }

    /** A policy of {@code type} with an entry per resource. */
    static Policy policy(PolicyType type, String resources, String actions, String sourceIps, Decision decision) {
        List<Action> actionList = Arrays.stream(actions.split(",")).map(Action::byName).toList();
        SourceIps ips = sourceIps == null ? SourceIps.EVERY : new SourceIps(List.of(sourceIps.split(",")));
        List<PolicyEntry> entries = new ArrayList<>();
        for (String resource : resources.split(",")) {
            entries.add(new PolicyEntry(Resource.parse(resource), actionList, ips, decision));
        }
        return new Policy(type, entries);
    }
}
