package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.process.RocketMqCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0 prints the same for Apogee as for Apache RocketMQ 5.4.0 after the same session
 * ({@link MqAdminScenario}: topics created, keyed messages sent to fixed queues, consumed by a group, then queried,
 * listed and one topic deleted). Both outputs are {@linkplain MqAdminOutput#normalised normalised} (addresses,
 * message ids, times, column widths), then compared line for line; what RocketMQ prints that Apogee legitimately or
 * not yet prints is left out by a named exclusion below, each saying why. Every mqadmin run exits 0 on both, failed
 * commands included ({@link MqAdmin} checks), so a failure is compared by what it prints.
 *
 * <p>One RocketMQ name server and broker (two child JVMs) for the class, started while the Apogee session runs; each
 * session's mqadmin commands run in two child JVMs.
 */
@Tag("slow")
class MqAdminCompareTest {
    /**
     * System topics of RocketMQ features Apogee does not have: pop consumption's revive log, the RocksDB
     * consume-queue store's transaction topics, request-reply, the broker's self test and benchmark
     * topics, offset-moved events and the broker-member sync of controller mode.
     */
    private static final Set<String> ROCKETMQ_ONLY_TOPICS = Set.of("rmq_sys_REVIVE_LOG_DefaultCluster",
        "RMQ_SYS_ROCKSDB_TRANS_HALF_TOPIC", "RMQ_SYS_ROCKSDB_TRANS_OP_HALF_TOPIC", "DefaultCluster_REPLY_TOPIC",
        "SELF_TEST_TOPIC", "BenchmarkTest", "OFFSET_MOVED_EVENT", "rmq_sys_SYNC_BROKER_MEMBER_broker-a");
    /** brokerStatus keys Apogee adds: the broker's state (and, unless RUNNING, its first cause) and the skipped deliveries. */
    private static final Set<String> APOGEE_ONLY_KEYS = Set.of("brokerState", "brokerStateCause", "delayedMessagesSkipped",
        "timerMessagesSkipped", "haSlaveNum", "haInSyncSlaveNum", "haFallingBehindSlaveNum", "haMaxLagBytes",
        "haMaxLagMillis");
    /** brokerStatus keys whose values follow from the session alone (times normalised), so must be equal. */
    private static final List<String> DETERMINED_KEYS = List.of("brokerActive", "brokerVersionDesc", "msgPutTotalTodayNow",
        "msgGetTotalTodayNow", "commitLogMinOffset", "commitLogMaxOffset", "dispatchBehindBytes", "bootTimestamp",
        "earliestMessageTimeStamp", "startAcceptSendRequestTimeStamp", "putMessageTimesTotal", "putMessageSizeTotal",
        "putMessageAverageSize");
    private static final String DOUBLE = "\\d+\\.\\d+(E-?\\d+)?";
    private static final String BYTES = "(\\d+ B|\\d+\\.\\d [KMGTPE]iB)";
    /** brokerStatus keys whose values depend on the machine or the moment, each with the form both must print. */
    private static final Map<String, String> FORMATTED_KEYS = Map.ofEntries(
        Map.entry("runtime", "\\[ \\d+ days, \\d+ hours, \\d+ minutes, \\d+ seconds \\]"),
        Map.entry("commitLogDirCapacity", "Total : " + BYTES + ", Free : " + BYTES + "\\."),
        Map.entry("remainHowManyDataToFlush", BYTES),
        Map.entry("putTps", "(" + DOUBLE + ")?( (" + DOUBLE + ")?){0,2}"),
        Map.entry("getTransferredTps", "(" + DOUBLE + ")?( (" + DOUBLE + ")?){0,2}"),
        Map.entry("commitLogDiskRatio", DOUBLE),
        Map.entry(MqAdminOutput.COMMIT_LOG_DIR_RATIO, DOUBLE),
        Map.entry("consumeQueueDiskRatio", DOUBLE),
        Map.entry("timerReadBehind", "\\d+"),
        Map.entry("timerOffsetBehind", "\\d+"),
        Map.entry("timerCongestNum", "\\d+"),
        Map.entry("timerEnqueueTps", DOUBLE),
        Map.entry("timerDequeueTps", DOUBLE));

    /**
     * getBrokerConfig keys both brokers have whose values follow from the session (RocketMQ's default or its launcher's
     * file); the rest differ by design: paths, ports, and hundreds of RocketMQ keys of features Apogee lacks.
     */
    private static final List<String> SHARED_CONFIG_KEYS = List.of("brokerName", "brokerClusterName", "brokerId",
        "brokerIP1", "brokerRole", "flushDiskType", "autoCreateTopicEnable", "defaultTopicQueueNums", "fileReservedTime",
        "maxMessageSize", "transactionTimeOut", "transactionCheckMax", "transactionCheckInterval",
        "channelExpiredTimeout", "enablePropertyFilter", "timerWheelEnable", "timerMaxDelaySec", "messageDelayLevel",
        "slaveReadEnable");

    @TempDir
    static Path dir;
    private static Map<String, List<String>> rocketMq;
    private static Map<String, List<String>> apogee;

    @BeforeAll
    static void runTheSessionOnBoth() throws Exception {
        // the sessions wait on consumers and child JVMs far more than they compute: run them side by side, RocketMQ's
        // after its two JVMs have started
        CompletableFuture<Map<String, List<String>>> onRocketMq =
            CompletableFuture.supplyAsync(MqAdminCompareTest::sessionOnRocketMq);
        try (TestBroker broker = TestBroker.start(dir.resolve("apogee"))) {
            apogee = session(broker.address(), broker.address(), "apogee-mqadmin");
        } finally {
            onRocketMq.exceptionally(failed -> null).join(); // its cluster is closed before the class ends
        }
        rocketMq = onRocketMq.join();
    }

    @Test
    void topicsAreCreatedRoutedCountedAndDeletedAlike() {
        for (String label : List.of("updateTopic -c", "updateTopic -b", "topicRoute", "topicStatus", "deleteTopic",
            "topicRoute deleted")) {
            assertThat(withoutRates(apogee.get(label))).as(label).isEqualTo(withoutRates(rocketMq.get(label)));
        }
        // what the comparison stands on: RocketMQ printed what the session did
        assertThat(rocketMq.get("updateTopic -c")).contains("create topic to <broker> success.");
        assertThat(rocketMq.get("topicStatus")).contains("broker-a 0 0 2 <time>", "broker-a 1 0 2 <time>",
            "broker-a 2 0 1 <time>", "broker-a 3 0 1 <time>");
        assertThat(rocketMq.get("topicRoute deleted")).anyMatch(line -> line.contains("No topic route info"));
    }

    @Test
    void topicListsAgreeButForSystemTopicsOfFeaturesApogeeLacks() {
        for (String label : List.of("topicList", "topicList after delete")) {
            Set<String> expected = new HashSet<>(rocketMq.get(label));
            expected.removeAll(ROCKETMQ_ONLY_TOPICS);
            assertThat(new HashSet<>(apogee.get(label))).as(label).isEqualTo(expected);
        }
        assertThat(rocketMq.get("topicList")).contains(MqAdminScenario.TOPIC, MqAdminScenario.DOOMED)
            .containsAll(ROCKETMQ_ONLY_TOPICS);
        assertThat(rocketMq.get("topicList after delete")).contains(MqAdminScenario.TOPIC)
            .doesNotContain(MqAdminScenario.DOOMED);
    }

    @Test
    void aGroupsProgressIsTheSame() {
        // The %RETRY% topic's row appears once the consumer has committed offset 0 there, after its first long poll
        // of the empty retry queue returns: 15 s on RocketMQ, 2 s on the test broker. Timing, not behaviour.
        List<String> expected = withoutRetryRows(withoutRates(rocketMq.get("consumerProgress -g")));
        assertThat(withoutRetryRows(withoutRates(apogee.get("consumerProgress -g")))).isEqualTo(expected);
        assertThat(expected).contains("CompareTopic broker-a 0 2 2 0 0 <time>", "CompareTopic broker-a 3 1 1 0 0 <time>",
            "Consume Diff Total: 0");
        // without -g: every group (from the %RETRY% topics) with its members, their version, type and model
        assertThat(apogee.get("consumerProgress")).isEqualTo(rocketMq.get("consumerProgress"));
        assertThat(rocketMq.get("consumerProgress")).contains("CompareGroup 1 V5_4_0 PUSH CLUSTERING 0 0");
    }

    @Test
    void theClusterListHasTheSameColumnsAndIdentity() {
        List<String> expected = rocketMq.get("clusterList");
        List<String> actual = apogee.get("clusterList");
        assertThat(actual).hasSameSizeAs(expected);
        assertThat(actual.getFirst()).isEqualTo(expected.getFirst());
        // rates, the timer's progress, the oldest message's age in hours and the disk's fill depend on the machine
        assertThat(actual.get(1).replaceAll("\\d+", "9")).isEqualTo(expected.get(1).replaceAll("\\d+", "9"));
        assertThat(actual.get(1)).startsWith("DefaultCluster broker-a 0 <broker> V5_4_0 ").endsWith(" true");
    }

    @Test
    void brokerStatusPrintsRocketMqsKeysButTheNamedGaps() {
        Map<String, String> expected = MqAdminOutput.keyValues(String.join("\n", rocketMq.get("brokerStatus")));
        Map<String, String> actual = new TreeMap<>(MqAdminOutput.keyValues(String.join("\n", apogee.get("brokerStatus"))));
        assertThat(actual.remove("brokerState")).isEqualTo("RUNNING");
        actual.keySet().removeAll(APOGEE_ONLY_KEYS);
        Set<String> missing = new HashSet<>(expected.keySet());
        missing.removeAll(actual.keySet());
        assertThat(actual.keySet()).isSubsetOf(expected.keySet());
        assertThat(missing).as("RocketMQ's keys Apogee does not print, against the named gaps %s", BrokerStatusGaps.why())
            .containsExactlyInAnyOrderElementsOf(BrokerStatusGaps.keys());
        Map<String, String> determined = new TreeMap<>();
        DETERMINED_KEYS.forEach(key -> determined.put(key, expected.get(key)));
        assertThat(actual).containsAllEntriesOf(determined);
        FORMATTED_KEYS.forEach((key, form) -> {
            assertThat(expected.get(key)).as("RocketMQ's " + key).matches(form);
            assertThat(actual.get(key)).as(key).matches(form);
        });
        assertThat(Long.parseLong(expected.get("msgPutTotalTodayNow"))).isEqualTo(MqAdminScenario.KEYS.size());
    }

    @Test
    void messagesAreFoundByKeyIdAndUniqueKeyAlike() {
        for (String label : List.of("queryMsgByKey", "queryMsgByKey none", "queryMsgById", "queryMsgByUniqueKey")) {
            assertThat(apogee.get(label)).as(label).isEqualTo(rocketMq.get(label));
        }
        assertThat(rocketMq.get("queryMsgByKey")).filteredOn(line -> line.startsWith("<msg-"))
            .extracting(line -> line.substring(0, line.indexOf(' ')))
            .containsExactly("<msg-0>", "<msg-1>", "<msg-4>");
        assertThat(rocketMq.get("queryMsgById")).contains("Keys: [order-1 shared]", "Message Body: body-1");
        assertThat(rocketMq.get("queryMsgByUniqueKey")).contains("Keys: [order-3]", "Queue ID: 2");
    }

    @Test
    void theBrokerConfigIsShownAndChangedAlike() {
        for (String label : List.of("getBrokerConfig", "getBrokerConfig after update")) {
            List<String> expected = rocketMq.get(label);
            List<String> actual = apogee.get(label);
            assertThat(actual.getFirst()).as(label).isEqualTo(expected.getFirst()).isEqualTo("============<broker>============");
            Map<String, String> expectedValues = configValues(expected);
            Map<String, String> actualValues = configValues(actual);
            assertThat(actual.subList(1, actual.size())).as("every line a key and a value").hasSize(actualValues.size());
            for (String key : SHARED_CONFIG_KEYS) {
                assertThat(actualValues.get(key)).as(label + " " + key).isNotNull().isEqualTo(expectedValues.get(key));
            }
        }
        assertThat(configValues(rocketMq.get("getBrokerConfig"))).containsEntry("transactionCheckMax", "15");
        assertThat(configValues(rocketMq.get("getBrokerConfig after update"))).containsEntry("transactionCheckMax", "10");
        assertThat(apogee.get("updateBrokerConfig")).isEqualTo(rocketMq.get("updateBrokerConfig"))
            .containsExactly("update broker config success, <broker>");
    }

    @Test
    void subscriptionGroupsAreMadeShownAndDeletedAlike() {
        for (String label : List.of("updateSubGroup", "getConsumerConfig", "getConsumerConfig auto", "deleteSubGroup",
            "getConsumerConfig deleted")) {
            assertThat(apogee.get(label)).as(label).isEqualTo(rocketMq.get(label));
        }
        assertThat(rocketMq.get("getConsumerConfig")).contains("=============================DefaultCluster:broker-a"
            + "=============================", "retryMaxTimes = 5", "retryQueueNums = 2", "consumeEnable = false",
            "consumeMessageOrderly = true");
        assertThat(rocketMq.get("deleteSubGroup"))
            .containsExactly("delete subscription group [" + MqAdminScenario.SUB_GROUP + "] from broker [<broker>] success.");
    }

    @Test
    void producersProgressStatisticsAndCleanUpAreShownAlike() {
        // the client id holds the client's process id: one column set aside
        assertThat(withoutClientIds(apogee.get("producerConnection")))
            .isEqualTo(withoutClientIds(rocketMq.get("producerConnection")))
            .containsExactly("0001 <client> <host:port> JAVA V5_4_0");
        for (String label : List.of("producerConnection none", "brokerConsumeStats", "cleanExpiredCQ")) {
            assertThat(apogee.get(label)).as(label).isEqualTo(rocketMq.get(label));
        }
        assertThat(rocketMq.get("producerConnection none")).anyMatch(line -> line.contains("NoSuchProducer] not exist"));
        assertThat(rocketMq.get("brokerConsumeStats")).contains("CompareTopic CompareGroup broker-a 0 2 2 0 <time>",
            "CompareTopic CompareGroup broker-a 3 1 1 0 <time>", "Diff Total: 0");
        assertThat(rocketMq.get("cleanExpiredCQ")).containsExactly("success");
        // rates and the last minute's counts depend on when the statistics were sampled: the form and the lag agree
        List<String> expected = rocketMq.get("statsAll");
        List<String> actual = apogee.get("statsAll");
        assertThat(actual.getFirst()).isEqualTo(expected.getFirst());
        String row = "CompareTopic CompareGroup 0 \\d+\\.\\d\\d \\d+\\.\\d\\d \\d+ \\d+";
        assertThat(expected.subList(1, expected.size())).singleElement().asString().matches(row);
        assertThat(actual.subList(1, actual.size())).singleElement().asString().matches(row);
    }

    @Test
    void aMessageIsConsumedDirectlyAndTheGroupResetAlike() {
        assertThat(withoutSpentTime(apogee.get("queryMsgById direct")))
            .isEqualTo(withoutSpentTime(rocketMq.get("queryMsgById direct")));
        assertThat(rocketMq.get("queryMsgById direct")).anyMatch(line -> line.contains("consumeResult=CR_SUCCESS"));
        assertThat(apogee.get("resetOffsetByTime")).isEqualTo(rocketMq.get("resetOffsetByTime"));
        assertThat(rocketMq.get("resetOffsetByTime")).contains("broker-a 0 0", "broker-a 3 0");
    }

    private static List<String> withoutSpentTime(List<String> lines) {
        return lines.stream().map(line -> line.replaceAll("spentTimeMills=\\d+", "spentTimeMills=<n>")).toList();
    }

    @Test
    void theConsumersStatusComesFromTheConsumerAlike() {
        List<String> expected = subscriptionAndOffsets(rocketMq.get("consumerStatus"));
        assertThat(subscriptionAndOffsets(apogee.get("consumerStatus"))).isEqualTo(expected);
        assertThat(expected).contains("#Consumer Subscription#", "002 Topic: CompareTopic ClassFilter: false SubExpression: *",
            "CompareTopic broker-a 0 2", "CompareTopic broker-a 3 1");
        // the rest is the consumer's own state at that moment (times, thread counts, rates): the same sections
        assertThat(apogee.get("consumerStatus").stream().filter(line -> line.startsWith("#Consumer")).toList())
            .isEqualTo(rocketMq.get("consumerStatus").stream().filter(line -> line.startsWith("#Consumer")).toList());
    }

    /**
     * The subscription and offset sections of a consumer's status, without its retry queue (whose offset row comes
     * with the consumer's first long poll of it: timing, see {@link #aGroupsProgressIsTheSame}).
     */
    private static List<String> subscriptionAndOffsets(List<String> lines) {
        int from = lines.indexOf("#Consumer Subscription#");
        int to = lines.indexOf("#Consumer MQ Detail#");
        assertThat(from).as("the consumer's status was printed").isNotNegative().isLessThan(to);
        return withoutRetryRows(lines.subList(from, to));
    }

    private static List<String> withoutClientIds(List<String> lines) {
        return lines.stream().map(line -> line.replaceFirst("^(\\d{4}) \\S+ ", "$1 <client> ")).toList();
    }

    /** The {@code key = value} lines of getBrokerConfig (normalised: one space either side of '='). */
    private static Map<String, String> configValues(List<String> lines) {
        Map<String, String> values = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int at = line.indexOf(" = ");
            if (at > 0) {
                values.put(line.substring(0, at), line.substring(at + 3));
            } else if (line.endsWith(" =")) {
                values.put(line.substring(0, line.length() - 2), "");
            }
        }
        return values;
    }

    /** The TPS figures: rates over the last minute, read every 10 s, so they depend on when the readings were taken. */
    private static List<String> withoutRates(List<String> lines) {
        return lines.stream().map(line -> line.replaceFirst("(TPS: )\\d+(\\.\\d+)?$", "$1<rate>")).toList();
    }

    private static List<String> withoutRetryRows(List<String> lines) {
        return lines.stream().filter(line -> !line.startsWith("%RETRY%")).toList();
    }

    /** The session's outputs by label, normalised. */
    private static Map<String, List<String>> session(String nameServer, String broker, String name) throws Exception {
        MqAdminScenario scenario = new MqAdminScenario(nameServer, broker, Files.createDirectories(dir.resolve(name)));
        Map<String, List<String>> normalised = new TreeMap<>();
        scenario.run().forEach((label, output) -> normalised.put(label, MqAdminOutput.normalised(output, scenario.placeholders())));
        return normalised;
    }

    private static Map<String, List<String>> sessionOnRocketMq() {
        try (RocketMqCluster cluster = RocketMqCluster.start()) {
            return session(cluster.nameServer(), cluster.broker(), "rocketmq-mqadmin");
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }
}
