package io.apogee.broker.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apogee store export-rocketmq}: RocketMQ's tables and checkpoint written from a cleanly stopped Apogee store,
 * Apogee's tables set aside, and the round trip back into Apogee; a store that is running or was never Apogee's is
 * refused with nothing written.
 */
class RocketMqExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aStoppedStoreGetsRocketMqsTablesAndCheckpointAndComesBackWhole() throws Exception {
        RocketMqImportTest.writeRocketMqTables(dir);
        long logEnd;
        try (TestBroker broker = TestBroker.start(dir)) {
            broker.context().metadata().offsets().commit("billing", "Orders", 1, 44);
            logEnd = broker.context().store().logEnd();
        }

        List<String> written = RocketMqExport.export(dir, ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME);

        assertThat(written).anyMatch(line -> line.startsWith("config/topics.json: "))
            .anyMatch(line -> line.equals("config/consumerOffset.json: 5 queue offsets"))
            .anyMatch(line -> line.equals("config/delayOffset.json: 2 delay levels"));
        JsonNode offsets = JSON.readTree(dir.resolve("config/consumerOffset.json").toFile()).path("offsetTable");
        assertThat(offsets.path("Orders@billing").path("1").asLong()).isEqualTo(44);
        assertThat(offsets.path("Orders@billing").path("3").asLong()).isEqualTo(30);
        JsonNode delay = JSON.readTree(dir.resolve("config/delayOffset.json").toFile()).path("offsetTable");
        assertThat(delay.path("3").asLong()).isEqualTo(9);
        JsonNode topics = JSON.readTree(dir.resolve("config/topics.json").toFile()).path("topicConfigTable");
        assertThat(topics.path("Orders").path("writeQueueNums").asInt()).isEqualTo(4);
        assertThat(JSON.readTree(dir.resolve("config/subscriptionGroup.json").toFile()).path("subscriptionGroupTable")
            .path("billing").path("consumeBroadcastEnable").asBoolean()).isTrue();

        ByteBuffer checkpoint = ByteBuffer.wrap(Files.readAllBytes(dir.resolve("checkpoint")));
        assertThat(checkpoint.capacity()).isEqualTo(4096);
        assertThat(checkpoint.getLong(32)).as("RocketMQ's confirmed log offset").isEqualTo(logEnd);
        assertThat(checkpoint.getLong(0)).as("the log's flush time: a crash recovers from the start").isZero();
        for (String name : List.of(TopicTable.FILE_NAME, SubscriptionGroupTable.FILE_NAME, ConsumerOffsetTable.FILE_NAME)) {
            assertThat(dir.resolve("config").resolve(name)).doesNotExist();
            assertThat(dir.resolve("config").resolve(name + RocketMqExport.EXPORTED_SUFFIX)).exists();
        }

        // Apogee again on the exported directory: the tables come back from RocketMQ's files
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().metadata().offsets().offset("billing", "Orders", 1)).isEqualTo(44);
            assertThat(broker.context().metadata().offsets().offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, 2))
                .isEqualTo(9);
            assertThat(broker.context().store().logEnd()).isEqualTo(logEnd);
        }
    }

    @Test
    void aRunningOrForeignStoreIsRefusedWithNothingWritten() throws Exception {
        assertThatThrownBy(() -> RocketMqExport.export(dir, ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME))
            .isInstanceOf(MigrationException.class).hasMessageContaining("it has no commitlog/");

        Files.createDirectories(dir.resolve("commitlog"));
        Files.createFile(dir.resolve("abort"));
        Map<String, String> before = RocketMqImportTest.snapshot(dir);
        assertThatThrownBy(() -> RocketMqExport.export(dir, ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME))
            .isInstanceOf(MigrationException.class).hasMessageContaining("was not stopped cleanly (its abort file is there)");
        assertThat(RocketMqImportTest.snapshot(dir)).isEqualTo(before);

        Files.delete(dir.resolve("abort"));
        Files.write(dir.resolve("checkpoint"), new byte[4096]);
        assertThatThrownBy(() -> RocketMqExport.export(dir, ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME))
            .isInstanceOf(MigrationException.class).hasMessageContaining("checkpoint is not Apogee's");
    }
}
