package io.apogee.broker;

import static io.apogee.broker.SignedAdminRequests.custom;
import static io.apogee.broker.SignedAdminRequests.entry;
import static io.apogee.broker.SignedAdminRequests.policy;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same ACLs, made by a super user through the admin codes, and the same signed requests of normal users against
 * Apache RocketMQ 5.4.0 with ACL 2.0 authorization on and against Apogee with the same broker.conf keys: each request
 * is let through or refused alike, and each refusal carries the same remark.
 */
@Tag("slow")
class RocketMqAuthorizationCompareTest {
    private static final SessionCredentials ROOT = new SessionCredentials("root", "root-secret");
    private static final SessionCredentials ALICE = new SessionCredentials("alice", "alice-secret");
    private static final SessionCredentials BOB = new SessionCredentials("bob", "bob-secret");
    private static final SessionCredentials CAROL = new SessionCredentials("carol", "carol-secret");
    private static final SessionCredentials DAVE = new SessionCredentials("dave", "dave-secret");
    private static final SessionCredentials NOBODY = new SessionCredentials("nobody", "nobody-secret");
    private static final Map<String, String> SETTINGS = settings();
    private static final List<String> ANYWHERE = List.of();
    private static final String FEED = "Feed";
    private static final String READERS = "readers";
    private static final String WRITERS = "writers";
    private static final String TBW102_ROUTE = "route TBW102 alice";
    private static final String PASSED = "passed";

    @TempDir
    Path dir;

    @Test
    void everyRequestIsLetThroughOrRefusedAsRocketMqDoes() throws Exception {
        CompareSessions.Answers answers = CompareSessions.run(dir, SETTINGS, RocketMqAuthorizationCompareTest::session);
        Map<String, String> onRocketMq = new LinkedHashMap<>(answers.rocketMq());
        Map<String, String> onApogee = new LinkedHashMap<>(answers.apogee());
        // RocketMQ's broker checks the route of TBW102 like any topic's, though its name server gives it to anyone.
        // Apogee's broker port answers the name-server codes too, and lets anyone ask that route: a producer needs it
        // to send to a topic that does not exist yet (see RequestAccess).
        assertThat(onRocketMq.remove(TBW102_ROUTE)).isEqualTo(ResponseCode.NO_PERMISSION
            + " User:alice has no permission to access Topic:TBW102 from 127.0.0.1, no matched policies.");
        assertThat(onApogee.remove(TBW102_ROUTE)).isEqualTo(PASSED);

        assertThat(onApogee).containsExactlyEntriesOf(onRocketMq);
        // what the comparison stands on: RocketMQ let the allowed requests through and refused the others
        assertThat(onRocketMq).containsEntry("send Orders alice", "0")
            .containsEntry("send FooBar alice (prefixed)", "0")
            .containsEntry("send FooSecret alice (literal Deny over prefixed Allow)", ResponseCode.NO_PERMISSION
                + " User:alice has no permission to access Topic:FooSecret from 127.0.0.1, the decision is deny.")
            .containsEntry("send Split alice (Allow Pub, Deny Sub)", "0")
            .containsEntry("send DenyAllow alice (Deny, then Allow)", ResponseCode.NO_PERMISSION
                + " User:alice has no permission to access Topic:DenyAllow from 127.0.0.1, the decision is deny.")
            .containsEntry("send Local bob (Default Pub)", "0")
            .containsEntry("pull Feed readers alice", "0")
            .containsEntry("pull Feed readers bob (no group)", ResponseCode.NO_PERMISSION
                + " User:bob has no permission to access Group:readers from 127.0.0.1, no matched policies.")
            .containsEntry("create topic Made alice", "0")
            .containsEntry("delete topic Made bob", "0");
    }

    /** Each request's answer (see {@link #answer}), by name, in the order sent. */
    private static Map<String, String> session(int port) throws Exception {
        Map<String, String> answers = new LinkedHashMap<>();
        for (Map<String, Supplier<RemotingCommand>> requests : List.of(setUp(), sends(), consumers(), admin())) {
            for (Map.Entry<String, Supplier<RemotingCommand>> request : requests.entrySet()) {
                answers.put(request.getKey(), answer(port, request.getValue().get()));
            }
        }
        return answers;
    }

    /** What the super user does first: users, their ACLs, the topics, and a message to pull. */
    private static Map<String, Supplier<RemotingCommand>> setUp() {
        Map<String, Supplier<RemotingCommand>> requests = new LinkedHashMap<>();
        for (SessionCredentials user : List.of(ALICE, BOB, CAROL, DAVE)) {
            requests.put("create user " + user.getAccessKey(),
                () -> SignedAdminRequests.createUser(ROOT, user.getAccessKey(), user.getSecretKey(), "enable"));
        }
        requests.put("create acl alice", () -> SignedAdminRequests.createAcl(ROOT, "User:alice", custom(
            entry("Topic:Orders", List.of("Pub", "Get"), ANYWHERE, "Allow"),
            entry("Topic:Foo*", List.of("Pub"), ANYWHERE, "Allow"),
            entry("Topic:FooSecret", List.of("Pub"), ANYWHERE, "Deny"),
            entry("Topic:" + FEED, List.of("Sub"), ANYWHERE, "Allow"),
            entry("Group:" + READERS, List.of("Sub"), ANYWHERE, "Allow"),
            entry("Topic:Made", List.of("Create"), ANYWHERE, "Allow"),
            entry("Topic:Local", List.of("Pub"), List.of("127.0.0.1"), "Allow"),
            entry("Topic:Remote", List.of("Pub"), List.of("10.0.0.0/8"), "Allow"),
            entry("Topic:Subnet", List.of("Pub"), List.of("127.0.0.0/24"), "Allow"),
            entry("Topic:Split", List.of("Pub"), ANYWHERE, "Allow"),
            entry("Topic:Split", List.of("Sub"), ANYWHERE, "Deny"),
            entry("Topic:AllowDeny", List.of("Pub"), ANYWHERE, "Allow"),
            entry("Topic:AllowDeny", List.of("Pub"), ANYWHERE, "Deny"),
            entry("Topic:DenyAllow", List.of("Pub"), ANYWHERE, "Deny"),
            entry("Topic:DenyAllow", List.of("Pub"), ANYWHERE, "Allow"))));
        requests.put("create acl bob", () -> SignedAdminRequests.createAcl(ROOT, "User:bob", "[" + policy("Custom",
            entry("Topic:" + FEED, List.of("Sub"), ANYWHERE, "Allow"),
            entry("Group:" + WRITERS, List.of("Update"), ANYWHERE, "Allow"),
            entry("Topic:Made", List.of("Delete"), ANYWHERE, "Allow"),
            entry("Topic:Every*", List.of("All"), ANYWHERE, "Allow"),
            entry("Topic:Orders", List.of("Sub"), ANYWHERE, "Allow"),
            entry("Cluster:DefaultCluster", List.of("Get"), ANYWHERE, "Allow")) + "," + policy("Default",
            entry("Topic:Orders", List.of("Pub"), ANYWHERE, "Allow"),
            entry("Topic:Local", List.of("Pub"), ANYWHERE, "Allow")) + "]"));
        requests.put("create acl dave", () -> SignedAdminRequests.createAcl(ROOT, "User:dave", custom(
            entry("*", List.of("Get", "Pub"), ANYWHERE, "Allow"),
            entry("Topic:*", List.of("Pub"), ANYWHERE, "Deny"))));
        for (String topic : List.of("Orders", "FooBar", "FooSecret", FEED, "Local", "Remote", "Subnet", "Split",
            "AllowDeny", "DenyAllow", "Everything")) {
            requests.put("create topic " + topic + " root", () -> SignedAdminRequests.createTopic(ROOT, topic));
        }
        requests.put("send Feed root", () -> send(FEED, ROOT));
        // RocketMQ commits offsets only for a group it knows; a pull makes the group, as autoCreateSubscriptionGroup
        requests.put("pull Feed writers root", () -> SignedRequests.pull(ROOT, FEED, WRITERS));
        return requests;
    }

    /** Sends: exact and prefixed topics, deny over allow, source addresses, Default policies, users without ACLs. */
    private static Map<String, Supplier<RemotingCommand>> sends() {
        Map<String, Supplier<RemotingCommand>> requests = new LinkedHashMap<>();
        requests.put("send Orders alice", () -> send("Orders", ALICE));
        requests.put("send Audit alice (no entry)", () -> send("Audit", ALICE));
        requests.put("send FooBar alice (prefixed)", () -> send("FooBar", ALICE));
        requests.put("send FooSecret alice (literal Deny over prefixed Allow)", () -> send("FooSecret", ALICE));
        requests.put("send Local alice (127.0.0.1)", () -> send("Local", ALICE));
        requests.put("send Remote alice (10.0.0.0/8)", () -> send("Remote", ALICE));
        requests.put("send Subnet alice (127.0.0.0/24)", () -> send("Subnet", ALICE));
        requests.put("send Split alice (Allow Pub, Deny Sub)", () -> send("Split", ALICE));
        requests.put("send AllowDeny alice (Allow, then Deny)", () -> send("AllowDeny", ALICE));
        requests.put("send DenyAllow alice (Deny, then Allow)", () -> send("DenyAllow", ALICE));
        requests.put("send Everything bob (All)", () -> send("Everything", BOB));
        requests.put("send Orders bob (Custom Sub, Default Pub)", () -> send("Orders", BOB));
        requests.put("send Local bob (Default Pub)", () -> send("Local", BOB));
        requests.put("send Orders dave (Topic:* Deny over * Allow)", () -> send("Orders", DAVE));
        requests.put("send v2 Orders alice", () -> SignedRequests.sendV2(ALICE, "Orders"));
        requests.put("send v2 Audit alice (no entry)", () -> SignedRequests.sendV2(ALICE, "Audit"));
        requests.put("end transaction Audit alice (no entry)", () -> SignedRequests.endTransaction(ALICE, "Audit"));
        requests.put("send Orders carol (no ACL)", () -> send("Orders", CAROL));
        requests.put("send Orders nobody (unknown user)", () -> send("Orders", NOBODY));
        return requests;
    }

    /** Consumers: pulls, offsets, heartbeats, locks and the other group codes, with and without the group. */
    private static Map<String, Supplier<RemotingCommand>> consumers() {
        Map<String, Supplier<RemotingCommand>> requests = new LinkedHashMap<>();
        requests.put("pull Feed readers alice", () -> SignedRequests.pull(ALICE, FEED, READERS));
        requests.put("pull Feed readers bob (no group)", () -> SignedRequests.pull(BOB, FEED, READERS));
        requests.put("pull Feed readers carol (no topic)", () -> SignedRequests.pull(CAROL, FEED, READERS));
        requests.put("pull %RETRY%readers readers bob (no group)",
            () -> SignedRequests.pull(BOB, "%RETRY%" + READERS, READERS));
        requests.put("update offset Feed readers alice", () -> SignedRequests.updateOffset(ALICE, FEED, READERS, 1));
        requests.put("query offset Feed readers alice", () -> SignedRequests.queryOffset(ALICE, FEED, READERS));
        requests.put("query offset Feed readers bob (no group)", () -> SignedRequests.queryOffset(BOB, FEED, READERS));
        requests.put("update offset Feed writers bob (Update)", () -> SignedRequests.updateOffset(BOB, FEED, WRITERS, 1));
        requests.put("update offset Feed readers bob (no group)", () -> SignedRequests.updateOffset(BOB, FEED, READERS, 1));
        requests.put("heartbeat Feed readers alice", () -> SignedRequests.heartbeat(ALICE, FEED, READERS));
        requests.put("heartbeat Feed readers bob (no group)", () -> SignedRequests.heartbeat(BOB, FEED, READERS));
        requests.put("producer heartbeat carol (needs nothing)", () -> SignedRequests.producerHeartbeat(CAROL, "PG"));
        // the heartbeat made the group on both brokers; a send to its retry topic needs Sub on the group
        requests.put("send %RETRY%readers alice", () -> send("%RETRY%" + READERS, ALICE));
        requests.put("lock Feed readers alice", () -> SignedRequests.lock(ALICE, FEED, READERS));
        requests.put("lock Feed readers bob (no group)", () -> SignedRequests.lock(BOB, FEED, READERS));
        requests.put("send back readers bob (no group)", () -> SignedRequests.sendBack(BOB, FEED, READERS));
        requests.put("consumers of readers bob (no group)", () -> SignedRequests.consumersOf(BOB, READERS));
        requests.put("unregister readers bob (no group)", () -> SignedRequests.unregisterConsumer(BOB, READERS));
        requests.put("unregister readers alice", () -> SignedRequests.unregisterConsumer(ALICE, READERS));
        requests.put("query message Feed carol (no topic)", () -> SignedRequests.queryMessage(CAROL, FEED));
        return requests;
    }

    /** Admin codes needing Create, Delete or Get on a topic or the cluster, and routes. */
    private static Map<String, Supplier<RemotingCommand>> admin() {
        Map<String, Supplier<RemotingCommand>> requests = new LinkedHashMap<>();
        requests.put("create topic Made alice", () -> SignedAdminRequests.createTopic(ALICE, "Made"));
        requests.put("create topic Unmade alice (no Create)", () -> SignedAdminRequests.createTopic(ALICE, "Unmade"));
        requests.put("delete topic Made alice (no Delete)", () -> SignedAdminRequests.deleteTopic(ALICE, "Made"));
        requests.put("delete topic Made bob", () -> SignedAdminRequests.deleteTopic(BOB, "Made"));
        requests.put("topic config Orders alice", () -> SignedAdminRequests.topicConfig(ALICE, "Orders"));
        requests.put("topic config Orders carol (no Get)", () -> SignedAdminRequests.topicConfig(CAROL, "Orders"));
        requests.put("topic config Orders dave (* Get)", () -> SignedAdminRequests.topicConfig(DAVE, "Orders"));
        requests.put("max offset Orders alice", () -> SignedRequests.maxOffset(ALICE, "Orders"));
        requests.put("max offset Orders carol (no Get)", () -> SignedRequests.maxOffset(CAROL, "Orders"));
        requests.put("consume stats Feed readers carol (no Get)",
            () -> SignedAdminRequests.consumeStats(CAROL, FEED, READERS));
        requests.put("all topic config carol (needs nothing)", () -> SignedAdminRequests.allTopicConfig(CAROL));
        requests.put("list users alice (no Get on the cluster)", () -> SignedAdminRequests.listUsers(ALICE));
        requests.put("get acl alice bob (Get on the cluster)", () -> SignedAdminRequests.getAcl(BOB, "User:alice"));
        requests.put("create acl carol alice (no Update on the cluster)", () -> SignedAdminRequests.createAcl(ALICE,
            "User:carol", custom(entry("Topic:Orders", List.of("Pub"), ANYWHERE, "Allow"))));
        requests.put("route Orders alice", () -> SignedRequests.route(ALICE, "Orders"));
        requests.put("route Audit alice (no entry)", () -> SignedRequests.route(ALICE, "Audit"));
        requests.put(TBW102_ROUTE, () -> SignedRequests.route(ALICE, "TBW102"));
        return requests;
    }

    private static RemotingCommand send(String topic, SessionCredentials who) {
        return SignedFrames.signed(topic, "body", who, SerializeType.JSON).command();
    }

    /**
     * "code" for a success and "code remark" otherwise. A route request let through is only "passed": RocketMQ's broker
     * serves no name-server code and answers it REQUEST_CODE_NOT_SUPPORTED after authorization, Apogee's answers it.
     */
    private static String answer(int port, RemotingCommand request) throws Exception {
        String answer = CompareSessions.answer(port, request);
        boolean refused = answer.startsWith(ResponseCode.NO_PERMISSION + " ");
        return request.getCode() == RequestCode.GET_ROUTEINFO_BY_TOPIC && !refused ? PASSED : answer;
    }

    /** Authentication as in {@link CompareSessions#AUTHENTICATION}, and authorization with RocketMQ's providers. */
    private static Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>(CompareSessions.AUTHENTICATION);
        settings.put("authorizationEnabled", "true");
        settings.put("authorizationProvider",
            "org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider");
        settings.put("authorizationMetadataProvider",
            "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider");
        return Map.copyOf(settings);
    }
}
