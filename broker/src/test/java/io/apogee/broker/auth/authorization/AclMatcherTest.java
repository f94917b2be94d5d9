package io.apogee.broker.auth.authorization;

import static io.apogee.broker.auth.authorization.Acls.acl;
import static io.apogee.broker.auth.authorization.Acls.policy;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The matcher against the cases of RocketMQ 5.4.0's AuthorizationEvaluatorTest (evaluate1 to evaluate9) and the
 * rules of its AclAuthorizationHandler: patterns, actions, source addresses, the most specific entry winning, CUSTOM
 * before DEFAULT, and no match meaning no decision (a refusal).
 */
class AclMatcherTest {
    private static final String USER = "User:test";
    private static final String INSIDE = "192.168.0.1";
    private static final String OUTSIDE = "10.10.0.1";

    private static Decision topic(Acl acl, String name, Actions actions, String ip) {
        return AclMatcher.decide(acl, ResourceType.TOPIC, name, actions, ip);
    }

    @Test
    void aPrefixCoversTheTopicsStartingWithItFromTheRangeOnly() {
        Acl acl = acl(USER, "Topic:test*", "Pub", "192.168.0.0/24", Decision.ALLOW);

        assertThat(topic(acl, "test", Actions.PUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "test-1", Actions.PUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "abc", Actions.PUB, INSIDE)).as("another name").isNull();
        assertThat(topic(acl, "test", Actions.SUB, INSIDE)).as("another action").isNull();
        assertThat(topic(acl, "test", Actions.PUB, OUTSIDE)).as("another source").isNull();
        assertThat(topic(acl, "test", Actions.PUB, null)).as("no source").isNull();
    }

    @Test
    void anEntryWithoutSourcesCoversEverySource() {
        Acl acl = acl(USER, "Topic:test*", "Pub", null, Decision.ALLOW);

        assertThat(topic(acl, "test", Actions.PUB, OUTSIDE)).isEqualTo(Decision.ALLOW);
    }

    @Test
    void oneEntryPerResourceKindAndGroupsAreMatchedByTheirOwnEntries() {
        Acl acl = acl(USER, "Topic:test*,Group:test*", "Sub", "192.168.0.0/24", Decision.ALLOW);

        assertThat(topic(acl, "test", Actions.SUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(AclMatcher.decide(acl, ResourceType.GROUP, "test", Actions.SUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(AclMatcher.decide(acl, ResourceType.GROUP, "other", Actions.SUB, INSIDE)).isNull();
    }

    @Test
    void aMatchingDenyDecidesDeny() {
        Acl acl = acl(USER, "Topic:test*", "Pub", "192.168.0.0/24", Decision.DENY);

        assertThat(topic(acl, "test", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
        assertThat(topic(acl, "abc", Actions.PUB, INSIDE)).isNull();
    }

    @Test
    void theMostSpecificEntryWinsWhateverItDecides() {
        // evaluate5: *, Topic:* (deny), Topic:test* (allow), Topic:test-1 (deny), merged into one ACL as updates merge
        Acl acl = acl(USER, "*", "Pub,Sub", "192.168.0.0/24", Decision.ALLOW)
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:*", "Pub,Sub", "192.168.0.0/24", Decision.DENY)))
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:test*", "Pub,Sub", "192.168.0.0/24", Decision.ALLOW)))
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:test-1", "Pub,Sub", "192.168.0.0/24", Decision.DENY)));

        assertThat(topic(acl, "test-1", Actions.PUB, INSIDE)).as("the literal deny").isEqualTo(Decision.DENY);
        assertThat(topic(acl, "test-2", Actions.PUB, INSIDE)).as("the prefix allow").isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "abc", Actions.PUB, INSIDE)).as("Topic:* deny over *").isEqualTo(Decision.DENY);
        assertThat(AclMatcher.decide(acl, ResourceType.GROUP, "test-2", Actions.SUB, INSIDE)).as("only * covers groups")
            .isEqualTo(Decision.ALLOW);
    }

    @Test
    void entriesForOneResourceAreKeptAsCreatedAndADenyAmongThemWins() throws Exception {
        // RocketMQ 5.4.0 stores a new ACL's entries as listed and, of equally specific entries, takes a DENY first
        Acl acl = AclJson.read(new ObjectMapper().readTree("{\"subject\":\"" + USER + "\",\"policies\":[{\"entries\":["
            + "{\"resource\":\"Topic:split\",\"actions\":[\"Pub\"],\"decision\":\"Allow\"},"
            + "{\"resource\":\"Topic:split\",\"actions\":[\"Sub\"],\"decision\":\"Deny\"},"
            + "{\"resource\":\"Topic:twice\",\"actions\":[\"Pub\"],\"decision\":\"Deny\"},"
            + "{\"resource\":\"Topic:twice\",\"actions\":[\"Pub\"],\"decision\":\"Allow\"}]}]}"), null);

        assertThat(topic(acl, "split", Actions.PUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "split", Actions.SUB, INSIDE)).isEqualTo(Decision.DENY);
        assertThat(topic(acl, "twice", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
    }

    @Test
    void theLongestPrefixWins() {
        // evaluate9: *, Topic:*, Topic:test* allow; Topic:test_* and Topic:test_001 deny
        Acl acl = acl(USER, "*", "Pub", "192.168.0.0/24", Decision.ALLOW)
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:*,Topic:test*", "Pub", "192.168.0.0/24",
                Decision.ALLOW)))
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:test_*,Topic:test_001", "Pub", "192.168.0.0/24",
                Decision.DENY)));

        assertThat(topic(acl, "test_001", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
        assertThat(topic(acl, "test_002", Actions.PUB, INSIDE)).as("test_ is longer than test").isEqualTo(Decision.DENY);
        assertThat(topic(acl, "test-002", Actions.PUB, INSIDE)).isEqualTo(Decision.ALLOW);
    }

    @Test
    void theOrderOfTheEntriesDoesNotMatter() {
        Acl literalFirst = acl(USER, "Topic:test-1", "Pub", null, Decision.DENY)
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:test*", "Pub", null, Decision.ALLOW)));
        Acl prefixFirst = acl(USER, "Topic:test*", "Pub", null, Decision.ALLOW)
            .updatedWith(List.of(policy(PolicyType.CUSTOM, "Topic:test-1", "Pub", null, Decision.DENY)));

        assertThat(topic(literalFirst, "test-1", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
        assertThat(topic(prefixFirst, "test-1", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
    }

    @Test
    void allCoversEveryActionAndANeedOfAnyIsCoveredByAnyAction() {
        Acl all = acl(USER, "Topic:orders", "All", null, Decision.ALLOW);
        Acl get = acl(USER, "Topic:orders", "Get", null, Decision.ALLOW);

        assertThat(topic(all, "orders", Actions.DELETE, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(get, "orders", Actions.of(Action.ANY), INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(get, "orders", Actions.PUB_SUB_GET, INSIDE)).as("one of the needed actions is enough")
            .isEqualTo(Decision.ALLOW);
        assertThat(topic(get, "orders", Actions.PUB_SUB, INSIDE)).isNull();
    }

    @Test
    void theDefaultPolicyCountsOnlyWhenNoCustomEntryMatches() {
        Acl acl = new Acl(USER, List.of(
            policy(PolicyType.CUSTOM, "Topic:orders", "Pub", null, Decision.ALLOW),
            policy(PolicyType.DEFAULT, "Topic:orders,Topic:audit", "Pub", null, Decision.DENY)));

        assertThat(topic(acl, "orders", Actions.PUB, INSIDE)).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "audit", Actions.PUB, INSIDE)).isEqualTo(Decision.DENY);
        assertThat(topic(acl, "other", Actions.PUB, INSIDE)).isNull();
    }

    @Test
    void sourcesAreAddressesOrRangesOfEitherFamily() {
        Acl acl = acl(USER, "Topic:orders", "Pub", "10.1.2.3,fd00::/8", Decision.ALLOW);

        assertThat(topic(acl, "orders", Actions.PUB, "10.1.2.3")).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "orders", Actions.PUB, "10.1.2.4")).isNull();
        assertThat(topic(acl, "orders", Actions.PUB, "fd12::1")).isEqualTo(Decision.ALLOW);
        assertThat(topic(acl, "orders", Actions.PUB, "fe80::1")).isNull();
        assertThat(topic(acl, "orders", Actions.PUB, "not-an-address")).isNull();
        assertThat(SourceIps.isValid("192.168.0.0/24")).isTrue();
        assertThat(SourceIps.isValid("192.168.0.0/33")).isFalse();
        assertThat(SourceIps.isValid("localhost")).as("no name is looked up").isFalse();
        assertThat(SourceIps.isValid("::1")).isTrue();
    }

    @Test
    void resourceKeysParseAsRocketMqParsesThem() {
        assertThat(Resource.parse("*")).isEqualTo(Resource.ANY);
        assertThat(Resource.parse("Topic:*")).isEqualTo(new Resource(ResourceType.TOPIC, null, ResourcePattern.ANY));
        assertThat(Resource.parse("topic:a*b*")).as("up to the first asterisk, any case of the kind")
            .isEqualTo(new Resource(ResourceType.TOPIC, "a", ResourcePattern.PREFIXED));
        assertThat(Resource.parse("Group:billing").key()).isEqualTo("Group:billing");
        assertThat(Resource.parse("Cluster:DefaultCluster").type()).isEqualTo(ResourceType.CLUSTER);
        assertThat(Resource.parse("Queue:x")).isNull();
        assertThat(Resource.parse(" ")).isNull();
        assertThat(Resource.ofGroup("%RETRY%billing").name()).as("a retry topic stands for its group")
            .isEqualTo("billing");
    }
}
