package io.apogee.broker.auth.authorization;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The resources and actions of each request code Apogee serves, as RocketMQ 5.4.0's
 * DefaultAuthorizationContextBuilder works them out (its switch, then its header annotations). Each row: a code, its
 * ext fields (key, value, ...), a body or null, and the needs in order as "resource actions".
 */
class RequestAccessTest {
    private static final String CLUSTER = "DefaultCluster";
    private static final Path SOURCES = Path.of("src/main/java/io/apogee/broker");

    static Stream<Arguments> codes() {
        String heartbeat = "{\"clientID\":\"c1\",\"consumerDataSet\":[{\"groupName\":\"billing\",\"subscriptionDataSet\":"
            + "[{\"topic\":\"orders\"},{\"topic\":\"%RETRY%billing\"}]}],\"producerDataSet\":[{\"groupName\":\"p\"}]}";
        String lock = "{\"consumerGroup\":\"billing\",\"clientId\":\"c1\",\"mqSet\":[{\"topic\":\"orders\","
            + "\"brokerName\":\"b\",\"queueId\":0},{\"topic\":\"%RETRY%billing\",\"brokerName\":\"b\",\"queueId\":0}]}";
        return Stream.of(
            row(RequestCode.SEND_MESSAGE, fields("topic", "orders", "producerGroup", "p"), null, "Topic:orders Pub"),
            row(RequestCode.SEND_MESSAGE, fields("topic", "%RETRY%billing", "group", "other"), null, "Group:other Sub"),
            row(RequestCode.SEND_MESSAGE_V2, fields("a", "p", "b", "orders"), null, "Topic:orders Pub"),
            row(RequestCode.SEND_MESSAGE_V2, fields("b", "%RETRY%billing"), null, "Group:billing Sub"),
            row(RequestCode.SEND_BATCH_MESSAGE, fields("a", "p", "b", "orders"), null, "Topic:orders Pub"),
            row(RequestCode.PULL_MESSAGE, fields("consumerGroup", "billing", "topic", "orders"), null,
                "Topic:orders Sub", "Group:billing Sub"),
            row(RequestCode.PULL_MESSAGE, fields("consumerGroup", "billing", "topic", "%RETRY%billing"), null,
                "Group:billing Sub"),
            row(RequestCode.LITE_PULL_MESSAGE, fields("consumerGroup", "billing", "topic", "orders"), null,
                "Topic:orders Sub", "Group:billing Sub"),
            row(RequestCode.QUERY_MESSAGE, fields("topic", "orders", "key", "k"), null, "Topic:orders Sub,Get"),
            row(RequestCode.VIEW_MESSAGE_BY_ID, fields("topic", "orders", "offset", "1"), null, "Topic:orders Get"),
            row(RequestCode.VIEW_MESSAGE_BY_ID, fields("offset", "1"), null),
            row(RequestCode.GET_ROUTEINFO_BY_TOPIC, fields("topic", "orders"), null, "Topic:orders Pub,Sub,Get"),
            row(RequestCode.GET_ROUTEINFO_BY_TOPIC, fields("topic", "%RETRY%billing"), null, "Group:billing Sub,Get"),
            row(RequestCode.GET_ROUTEINFO_BY_TOPIC, fields("topic", "TBW102"), null),
            row(RequestCode.END_TRANSACTION, fields("topic", "orders", "tranStateTableOffset", "1"), null,
                "Topic:orders Pub"),
            row(RequestCode.END_TRANSACTION, fields("tranStateTableOffset", "1"), null),
            row(RequestCode.CONSUMER_SEND_MSG_BACK, fields("group", "billing", "originTopic", "orders"), null,
                "Group:billing Sub"),
            row(RequestCode.HEART_BEAT, fields("x", "y"), heartbeat, "Group:billing Sub", "Topic:orders Sub"),
            row(RequestCode.UNREGISTER_CLIENT, fields("clientID", "c1", "consumerGroup", "billing"), null,
                "Group:billing Sub"),
            row(RequestCode.UNREGISTER_CLIENT, fields("clientID", "c1", "producerGroup", "p"), null),
            row(RequestCode.GET_CONSUMER_LIST_BY_GROUP, fields("consumerGroup", "billing"), null, "Group:billing Sub,Get"),
            row(RequestCode.QUERY_CONSUMER_OFFSET, fields("consumerGroup", "billing", "topic", "orders", "queueId", "0"),
                null, "Topic:orders Sub,Get", "Group:billing Sub,Get"),
            row(RequestCode.UPDATE_CONSUMER_OFFSET, fields("consumerGroup", "billing", "topic", "orders"), null,
                "Topic:orders Sub,Update", "Group:billing Sub,Update"),
            row(RequestCode.UPDATE_CONSUMER_OFFSET, fields("consumerGroup", "billing", "topic", "%RETRY%billing"), null,
                "Group:billing Sub,Update"),
            row(RequestCode.LOCK_BATCH_MQ, fields("x", "y"), lock, "Group:billing Sub", "Topic:orders Sub"),
            row(RequestCode.UNLOCK_BATCH_MQ, fields("x", "y"), lock, "Group:billing Sub", "Topic:orders Sub"),
            row(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.GET_MAX_OFFSET, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.GET_MIN_OFFSET, fields("topic", "%RETRY%billing"), null, "Group:billing Get"),
            row(RequestCode.GET_EARLIEST_MSG_STORETIME, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.UPDATE_AND_CREATE_TOPIC, fields("topic", "orders"), null, "Topic:orders Create"),
            row(RequestCode.GET_ALL_TOPIC_CONFIG, fields("x", "y"), null),
            row(RequestCode.GET_TOPIC_CONFIG, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.GET_TOPIC_STATS_INFO, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.GET_CONSUME_STATS, fields("consumerGroup", "billing", "topic", "orders", "topicList",
                "a;;b"), null, "Group:billing Get", "Topic:orders Get", "Topic:a Get", "Topic:b Get"),
            row(RequestCode.GET_CONSUMER_CONNECTION_LIST, fields("consumerGroup", "billing"), null, "Group:billing Get"),
            row(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, fields("topic", "orders"), null, "Topic:orders Get"),
            row(RequestCode.DELETE_TOPIC_IN_BROKER, fields("topic", "orders"), null, "Topic:orders Delete"),
            row(RequestCode.DELETE_TOPIC_IN_NAMESRV, fields("topic", "orders"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.DELETE_TOPIC_IN_NAMESRV, fields("topic", "orders", "clusterName", "other"), null,
                "Cluster:other Update"),
            row(RequestCode.PUT_KV_CONFIG, fields("namespace", "n"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.GET_KV_CONFIG, fields("namespace", "n"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.DELETE_KV_CONFIG, fields("namespace", "n"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.GET_KVLIST_BY_NAMESPACE, fields("namespace", "n"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.REGISTER_BROKER, fields("clusterName", "c2", "brokerName", "b"), null, "Cluster:c2 Update"),
            row(RequestCode.UNREGISTER_BROKER, fields("clusterName", "c2"), null, "Cluster:c2 Update"),
            row(RequestCode.BROKER_HEARTBEAT, fields("clusterName", "c2"), null, "Cluster:c2 Update"),
            row(RequestCode.QUERY_DATA_VERSION, fields("clusterName", "c2"), null, "Cluster:c2 Get"),
            row(RequestCode.GET_BROKER_CLUSTER_INFO, fields("x", "y"), null),
            row(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, fields("x", "y"), null),
            row(RequestCode.GET_BROKER_RUNTIME_INFO, fields("x", "y"), null),
            row(RequestCode.CHECK_CLIENT_CONFIG, fields("x", "y"), null),
            row(RequestCode.AUTH_CREATE_ACL, fields("subject", "User:a"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.AUTH_UPDATE_ACL, fields("subject", "User:a"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.AUTH_DELETE_ACL, fields("subject", "User:a"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.AUTH_GET_ACL, fields("subject", "User:a"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.AUTH_LIST_ACL, fields("subjectFilter", "a"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.AUTH_CREATE_USER, fields("username", "a"), null, "Cluster:DefaultCluster Update"),
            row(RequestCode.AUTH_LIST_USER, fields("filter", "a"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.GET_BROKER_CONFIG, fields("x", "y"), null),
            row(RequestCode.UPDATE_BROKER_CONFIG, fields("x", "y"), "transactionCheckMax=3"),
            row(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, fields("x", "y"), "{\"groupName\":\"billing\"}"),
            row(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, fields("x", "y"), null),
            row(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, fields("group", "billing"), null, "Group:billing Get"),
            row(RequestCode.DELETE_SUBSCRIPTIONGROUP, fields("groupName", "billing", "cleanOffset", "true"), null,
                "Group:billing Delete"),
            row(RequestCode.GET_PRODUCER_CONNECTION_LIST, fields("producerGroup", "p"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.GET_BROKER_CONSUME_STATS, fields("isOrder", "false"), null, "Cluster:DefaultCluster Get"),
            row(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE, fields("x", "y"), null),
            row(RequestCode.GET_CONSUMER_RUNNING_INFO, fields("consumerGroup", "billing", "clientId", "c1"), null,
                "Group:billing Get"),
            row(RequestCode.VIEW_BROKER_STATS_DATA, fields("statsName", "TOPIC_PUT_NUMS", "statsKey", "orders"), null,
                "Cluster:DefaultCluster Get"),
            row(RequestCode.SEND_MESSAGE_V2, fields(), null));
    }

    private static Arguments row(int code, String[] fields, String body, String... needs) {
        return Arguments.of(code, fields, body, List.of(needs));
    }

    private static String[] fields(String... keysAndValues) {
        return keysAndValues;
    }

    /**
     * Codes Apogee serves for which RocketMQ checks nothing: no header class of theirs carries an action (the broker
     * config and the creation of a subscription group carry everything in the body).
     */
    private static final Set<Integer> NOTHING_NEEDED = Set.of(RequestCode.GET_BROKER_RUNTIME_INFO,
        RequestCode.GET_BROKER_CLUSTER_INFO, RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, RequestCode.CHECK_CLIENT_CONFIG,
        RequestCode.GET_BROKER_CONFIG, RequestCode.UPDATE_BROKER_CONFIG, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
        RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
        // sent without a header by RocketMQ 5.4.0's slaves and mqadmin: no annotation, so nothing is checked
        RequestCode.GET_ALL_CONSUMER_OFFSET, RequestCode.GET_ALL_DELAY_OFFSET, RequestCode.GET_BROKER_HA_STATUS,
        RequestCode.GET_BROKER_EPOCH_CACHE);

    @Test
    void everyCodeAProcessorServesIsMapped() throws Exception {
        Pattern codes = Pattern.compile("public static final int\\[] CODES");
        List<Integer> unmapped = new ArrayList<>();
        int served = 0;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                if (!codes.matcher(Files.readString(file)).find()) {
                    continue;
                }
                String name = SOURCES.relativize(file).toString().replace(".java", "").replace('/', '.');
                for (int code : (int[]) Class.forName("io.apogee.broker." + name).getField("CODES").get(null)) {
                    served++;
                    if (!RequestAccess.BY_CODE.contains(code) && !RequestAccess.ANNOTATED.containsKey(code)
                        && !NOTHING_NEEDED.contains(code)) {
                        unmapped.add(code);
                    }
                }
            }
        }
        assertThat(served).as("codes found").isGreaterThan(40);
        assertThat(unmapped).as("codes served with no authorization rule").isEmpty();
    }

    @ParameterizedTest(name = "code {0} {1}")
    @MethodSource("codes")
    void eachCodeNeedsWhatRocketMqChecks(int code, String[] fields, String body, List<String> expected) {
        RemotingHeader request = new RemotingHeader().code(code);
        for (int i = 0; i < fields.length; i += 2) {
            request.ext().add(fields[i], fields[i + 1]);
        }
        ByteBuf bytes = body == null ? null : Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
        List<String> needs = new ArrayList<>();
        try {
            boolean met = new RequestAccess(CLUSTER).forEach(request, bytes, (list, type, name, actions) ->
                list.add(new Resource(type, name, ResourcePattern.LITERAL).key() + " " + actions), needs);
            assertThat(met).isTrue();
        } finally {
            if (bytes != null) {
                bytes.release();
            }
        }
        assertThat(needs).isEqualTo(expected);
    }
}
