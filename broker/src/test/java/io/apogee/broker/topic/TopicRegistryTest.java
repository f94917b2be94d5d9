package io.apogee.broker.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.testing.TempMetadata;
import java.nio.file.Path;
import java.util.ArrayDeque;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Topic creation within the limits, and the table written behind the creating thread. */
class TopicRegistryTest {
    @TempDir
    Path dir;

    private final ArrayDeque<Runnable> writer = new ArrayDeque<>();
    private TopicTable table;

    @BeforeEach
    void open() {
        table = TempMetadata.open(dir).topics();
    }

    @Test
    void aSendCreatesTopicsUntilTheTableIsFullAndQueuesStayWithinTheLimit() {
        // TBW102, the cluster's and the broker's topics are three
        TopicRegistry topics = new TopicRegistry(table, true, 64, "DefaultCluster", "broker-a", new TopicLimits(5, 16));
        assertThat(topics.forSend("A", TopicRegistry.AUTO_CREATE_TEMPLATE, Integer.MAX_VALUE).writeQueues())
            .as("a forged queue count is cut to the limit").isEqualTo(16);
        assertThat(topics.forSend("B", TopicRegistry.AUTO_CREATE_TEMPLATE, 4)).isNotNull();
        assertThat(topics.isFull()).isTrue();
        assertThat(topics.forSend("C", TopicRegistry.AUTO_CREATE_TEMPLATE, 4)).isNull();
        assertThat(topics.createForClient("%RETRY%G", 1, Permission.READ_WRITE)).isNull();
        assertThat(topics.forSend("A", TopicRegistry.AUTO_CREATE_TEMPLATE, 4)).as("an existing one still serves")
            .isNotNull();
        assertThat(topics.createIfAbsent("%DLQ%G", 1, Permission.READ_WRITE)).as("the broker's own are not limited")
            .isNotNull();
        assertThat(table.get("C")).isNull();
    }

    @Test
    void createdTopicsAreWrittenBehindOnceForManyCreations() {
        TopicRegistry topics = new TopicRegistry(table, true, 4, "DefaultCluster", "broker-a");
        topics.writeBehind(writer::add);
        for (int i = 0; i < 1_000; i++) {
            topics.forSend("T" + i, TopicRegistry.AUTO_CREATE_TEMPLATE, 4);
        }
        topics.createForClient("%RETRY%G", 1, Permission.READ_WRITE);
        assertThat(TempMetadata.open(dir).topics().get("T0")).as("not written on the creating thread").isNull();
        assertThat(writer).as("one write for all of them").hasSize(1);

        writer.poll().run();
        TopicTable reread = TempMetadata.open(dir).topics();
        assertThat(reread.get("T999")).isNotNull();
        assertThat(reread.get("%RETRY%G")).isNotNull();
        topics.forSend("Later", TopicRegistry.AUTO_CREATE_TEMPLATE, 4);
        assertThat(writer).as("a change after the write asks for another").hasSize(1);
    }
}
