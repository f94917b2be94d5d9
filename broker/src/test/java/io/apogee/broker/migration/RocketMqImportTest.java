package io.apogee.broker.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache RocketMQ's {@code config/*.json} tables carried into Apogee's at start-up, as RocketMQ 5.4.0 writes them
 * (fastjson: a map's integer keys unquoted); Apogee's own files win; a file that cannot be carried over stops
 * start-up before anything in the directory changed.
 */
class RocketMqImportTest {
    static final String TOPICS = """
        {"dataVersion":{"counter":3,"stateVersion":0,"timestamp":1764600000000},
         "topicConfigTable":{"Orders":{"order":false,"perm":6,"readQueueNums":4,"topicFilterType":"SINGLE_TAG",
           "topicName":"Orders","topicSysFlag":0,"writeQueueNums":4,"attributes":{}}}}
        """;
    static final String GROUPS = """
        {"dataVersion":{"counter":1,"stateVersion":0,"timestamp":1764600000000},"forbiddenTable":{},
         "subscriptionGroupTable":{"billing":{"brokerId":0,"consumeBroadcastEnable":true,"consumeEnable":true,
           "consumeFromMinEnable":true,"consumeMessageOrderly":false,"consumeTimeoutMinute":15,"groupName":"billing",
           "groupSysFlag":0,"notifyConsumerIdsChangedEnable":true,"retryMaxTimes":16,"retryQueueNums":1,
           "whichBrokerWhenConsumeSlowly":1,"attributes":{}}}}
        """;
    static final String OFFSETS = """
        {"offsetTable":{"Orders@billing":{0:12,1:7,2:0,3:30},"%RETRY%billing@billing":{0:2}}}
        """;
    static final String DELAY_OFFSETS = """
        {"dataVersion":{"counter":0,"stateVersion":0,"timestamp":1764600000000},"offsetTable":{1:5,3:9}}
        """;

    @TempDir
    Path dir;

    @Test
    void rocketMqsTablesAreCarriedIntoApogeesWhenItsOwnAreAbsent() throws Exception {
        writeRocketMqTables(dir);
        try (TestBroker broker = TestBroker.start(dir)) {
            BrokerMetadata metadata = broker.context().metadata();
            assertThat(metadata.topics().get("Orders").readQueues()).isEqualTo(4);
            assertThat(metadata.groups().get("billing").broadcastEnabled()).isTrue();
            assertThat(metadata.offsets().offset("billing", "Orders", 0)).isEqualTo(12);
            assertThat(metadata.offsets().offset("billing", "Orders", 3)).isEqualTo(30);
            assertThat(metadata.offsets().offset("billing", "%RETRY%billing", 0)).isEqualTo(2);
            assertThat(metadata.offsets().offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, 0)).isEqualTo(5);
            assertThat(metadata.offsets().offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, 2)).isEqualTo(9);
        }
        assertThat(dir.resolve("config").resolve(TopicTable.FILE_NAME)).content().contains("Orders");
        assertThat(dir.resolve("config/topics.json")).as("RocketMQ's files stay").content().contains("Orders");
    }

    @Test
    void apogeesOwnTableWinsOverRocketMqs() throws Exception {
        writeRocketMqTables(dir);
        Files.writeString(dir.resolve("config").resolve(ConsumerOffsetTable.FILE_NAME),
            "# apogee consumer-offsets v1\nbilling\tOrders\t0\t99\n", StandardCharsets.UTF_8);
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().metadata().offsets().offset("billing", "Orders", 0)).isEqualTo(99);
            assertThat(broker.context().metadata().offsets().offset("billing", "Orders", 3)).isEqualTo(ConsumerOffsetTable.NONE);
            assertThat(broker.context().metadata().topics().get("Orders")).as("the topics still carried over").isNotNull();
        }
    }

    @Test
    void aFileThatCannotBeCarriedOverStopsStartUpAndChangesNothing() throws Exception {
        writeRocketMqTables(dir);
        Files.writeString(dir.resolve("config/consumerOffset.json"), "{\"offsetTable\": [1, 2]}");
        Files.createDirectories(dir.resolve("commitlog"));
        Files.write(dir.resolve("checkpoint"), new byte[RocketMqImport.ROCKETMQ_CHECKPOINT_LENGTH]);
        Map<String, String> before = snapshot(dir);

        assertThatThrownBy(() -> TestBroker.start(dir)).isInstanceOf(MigrationException.class)
            .hasMessageContaining("config/consumerOffset.json of Apache RocketMQ cannot be carried over")
            .hasMessageContaining("no offsetTable object")
            .hasMessageContaining("start-up stopped before anything in " + dir + " changed");
        assertThat(snapshot(dir)).isEqualTo(before);

        Files.writeString(dir.resolve("config/topics.json"), "not json at all");
        assertThatThrownBy(() -> TestBroker.start(dir)).isInstanceOf(MigrationException.class)
            .hasMessageContaining("config/topics.json of Apache RocketMQ cannot be carried over: not what Apache RocketMQ writes");
    }

    static void writeRocketMqTables(Path root) throws IOException {
        Path config = Files.createDirectories(root.resolve("config"));
        Files.writeString(config.resolve("topics.json"), TOPICS);
        Files.writeString(config.resolve("subscriptionGroup.json"), GROUPS);
        Files.writeString(config.resolve("consumerOffset.json"), OFFSETS);
        Files.writeString(config.resolve("delayOffset.json"), DELAY_OFFSETS);
    }

    /** Every file under {@code root} with its content. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.toList()) {
                files.put(root.relativize(path).toString(), Files.isDirectory(path) ? "dir"
                    : HexFormat.of().formatHex(Files.readAllBytes(path)));
            }
        }
        return files;
    }
}
