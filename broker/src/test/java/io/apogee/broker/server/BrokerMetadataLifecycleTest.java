package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.store.recovery.TailState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker owns its tables: it opens them from the store's metadata directory after the store, writes what changed
 * since the last periodic persist when it closes, before the store, and closes the store again when a table does not
 * load.
 */
class BrokerMetadataLifecycleTest {
    @TempDir
    Path dir;

    @Test
    void closeWritesWhatChangedAndTheNextStartReadsItBack() throws Exception {
        Path config;
        try (TestBroker broker = TestBroker.start(dir)) {
            config = broker.context().dataDirectory().resolve("config");
            BrokerMetadata metadata = broker.context().metadata();
            // changed after start and well within the periodic persist's interval: only the close writes them
            metadata.topics().put(new TopicConfig("Kept", 2, 2, TopicConfig.PERMISSION_READ_WRITE,
                TopicConfig.SINGLE_TAG, 0, false));
            metadata.offsets().commit("CG", "Kept", 1, 42);
            metadata.groups().put(new SubscriptionGroup("CG", true, false, true, 1, 16, 0, 1, true));
        }
        assertThat(Files.readString(config.resolve(TopicTable.FILE_NAME), StandardCharsets.UTF_8))
            .contains("\nKept\t2\t2\t6\tSINGLE_TAG\t0\tfalse\n");
        assertThat(Files.readString(config.resolve(ConsumerOffsetTable.FILE_NAME), StandardCharsets.UTF_8))
            .contains("\nCG\tKept\t1\t42\n");
        assertThat(Files.readString(config.resolve(SubscriptionGroupTable.FILE_NAME), StandardCharsets.UTF_8))
            .contains("\nCG\ttrue\tfalse\ttrue\t1\t16\t0\t1\ttrue\n");

        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().store().recoveryReport().tail()).isEqualTo(TailState.CLEAN_SHUTDOWN);
            BrokerMetadata metadata = broker.context().metadata();
            assertThat(metadata.topics().get("Kept").readQueues()).isEqualTo(2);
            assertThat(metadata.offsets().offset("CG", "Kept", 1)).isEqualTo(42);
            assertThat(metadata.groups().get("CG").retryMaxTimes()).isEqualTo(16);
        }
    }

    @Test
    void aTableThatDoesNotLoadStopsTheStartAndTheStoreIsClosedCleanly() throws Exception {
        Path topics;
        try (TestBroker broker = TestBroker.start(dir)) {
            topics = broker.context().dataDirectory().resolve("config").resolve(TopicTable.FILE_NAME);
        }
        byte[] good = Files.readAllBytes(topics);
        Files.writeString(topics, "# apogee topics v2\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TestBroker.start(dir)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("topics");

        Files.write(topics, good);
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().store().recoveryReport().tail()).as("the failed start closed its store")
                .isEqualTo(TailState.CLEAN_SHUTDOWN);
        }
    }
}
