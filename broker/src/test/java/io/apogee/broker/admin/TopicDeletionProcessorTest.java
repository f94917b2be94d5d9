package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.DeleteTopicFromNamesrvRequestHeader;
import io.apogee.wire.header.DeleteTopicRequestHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mqadmin's deleteTopic (docs/protocol.md §3.3 215 and 216): the topic and its consumers' offsets go, persisted. */
class TopicDeletionProcessorTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;
    private ConsumerOffsetTable offsets;
    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        BrokerMetadata metadata = TempMetadata.open(dir);
        topics = new TopicRegistry(metadata.topics(), true, 4, "DefaultCluster", "broker-a");
        offsets = metadata.offsets();
        store = new TempStore(dir.resolve("store"), new ManualClock(1_700_000_000_000L));
        harness = new ProcessorHarness(new TopicDeletionProcessor(topics, offsets, store.store()),
            TopicDeletionProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aDeletedTopicsConsumeQueuesAreDeletedWithTheirFiles() throws InterruptedException {
        topics.createIfAbsent("Gone", 2, Permission.READ_WRITE);
        store.put("Gone", 0, "a");
        store.put("Gone", 1, "b");
        store.put("Kept", 0, "c");
        Path queues = store.store().config().queueDirectory();
        assertThat(queues.resolve("Gone").resolve("0")).isNotEmptyDirectory();

        Frame answer = harness.send(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicRequestHeader().topic("Gone"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(store.store().maxOffset("Gone", 0)).as("out of the queue table").isZero();
        Await.until("the dispatcher deletes the queues' files", Duration.ofSeconds(10),
            () -> !Files.exists(queues.resolve("Gone")));
        assertThat(store.read("Kept", 0)).hasSize(1);
        assertThat(store.put("Gone", 0, "again")).as("a new queue, from 0").isZero();
    }

    @Test
    void aDeletedTopicLosesItsConfigAndItsOffsets() {
        topics.createIfAbsent("Gone", 2, Permission.READ_WRITE);
        topics.createIfAbsent("Kept", 2, Permission.READ_WRITE);
        offsets.commit("CG", "Gone", 0, 5);
        offsets.commit("CG", "Kept", 0, 7);
        Frame answer = harness.send(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicRequestHeader().topic("Gone"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(topics.get("Gone")).isNull();
        assertThat(offsets.offset("CG", "Gone", 0)).isEqualTo(ConsumerOffsetTable.NONE);
        assertThat(offsets.offset("CG", "Kept", 0)).isEqualTo(7);
        BrokerMetadata reopened = TempMetadata.open(dir);
        assertThat(reopened.topics().get("Gone")).as("persisted").isNull();
        assertThat(reopened.offsets().offset("CG", "Gone", 0)).isEqualTo(ConsumerOffsetTable.NONE);

        Frame again = harness.send(RequestCode.DELETE_TOPIC_IN_NAMESRV,
            new DeleteTopicFromNamesrvRequestHeader().topic("Gone"));
        assertThat(again.code()).as("nothing left to delete").isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aBlankOrSystemTopicIsInvalidParameter() {
        Frame blank = harness.sendRaw(RequestCode.DELETE_TOPIC_IN_BROKER, Map.of("topic", " "), null);
        assertThat(blank.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(blank.remark()).isEqualTo("The specified topic is blank.");
        Frame missing = harness.sendRaw(RequestCode.DELETE_TOPIC_IN_BROKER, Map.of(), null);
        assertThat(missing.remark()).isEqualTo("The specified topic is blank.");
        Frame system = harness.send(RequestCode.DELETE_TOPIC_IN_BROKER,
            new DeleteTopicRequestHeader().topic(TopicRegistry.AUTO_CREATE_TEMPLATE));
        assertThat(system.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(system.remark()).isEqualTo("The topic[TBW102] is conflict with system topic.");
        assertThat(topics.get(TopicRegistry.AUTO_CREATE_TEMPLATE)).isNotNull();
    }

    @Test
    void aOnewayDeleteIsDoneAndNotAnswered() {
        topics.createIfAbsent("Gone", 1, Permission.READ_WRITE);
        assertThat(harness.sendOneway(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicRequestHeader().topic("Gone"),
            null)).isTrue();
        assertThat(topics.get("Gone")).isNull();
    }
}
