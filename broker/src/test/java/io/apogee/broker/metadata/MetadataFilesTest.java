package io.apogee.broker.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables in a real store's metadata directory: the files a data directory already holds open unchanged and are
 * written back byte for byte, and the store's close leaves them to their owner.
 */
class MetadataFilesTest {
    private static final String TOPICS = "# apogee topics v1\nOrders\t8\t8\t6\tSINGLE_TAG\t0\tfalse\n";
    private static final String OFFSETS = "# apogee consumer-offsets v1\nbilling\tOrders\t3\t1234\n";
    private static final String GROUPS = "# apogee subscription-groups v1\nbilling\ttrue\ttrue\tfalse\t1\t16\t0\t1\ttrue\n";

    @TempDir
    Path dir;

    @Test
    void theFilesOfADataDirectoryOpenUnchangedAndAreWrittenBackByteForByte() throws Exception {
        StoreConfig config = StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024);
        Path directory = config.metadataDirectory();
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(TopicTable.FILE_NAME), TOPICS, StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(ConsumerOffsetTable.FILE_NAME), OFFSETS, StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(SubscriptionGroupTable.FILE_NAME), GROUPS, StandardCharsets.UTF_8);

        try (MessageStore store = MessageStore.open(config, new NioFileIo(), SystemClock.INSTANCE, (role, error) -> { })) {
            BrokerMetadata metadata = BrokerMetadata.open(MetadataFiles.of(store));
            assertThat(metadata.topics().get("Orders")).isEqualTo(new TopicConfig("Orders", 8, 8,
                TopicConfig.PERMISSION_READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
            assertThat(metadata.offsets().offset("billing", "Orders", 3)).isEqualTo(1234);
            assertThat(metadata.groups().get("billing").retryMaxTimes()).isEqualTo(16);
            metadata.persist();
            assertThat(Files.readString(directory.resolve(TopicTable.FILE_NAME), StandardCharsets.UTF_8)).isEqualTo(TOPICS);
            assertThat(Files.readString(directory.resolve(ConsumerOffsetTable.FILE_NAME), StandardCharsets.UTF_8))
                .isEqualTo(OFFSETS);
            assertThat(Files.readString(directory.resolve(SubscriptionGroupTable.FILE_NAME), StandardCharsets.UTF_8))
                .isEqualTo(GROUPS);
            // not persisted: the store's close must not write the owner's tables
            metadata.offsets().commit("billing", "Orders", 3, 99);
        }
        assertThat(Files.readString(directory.resolve(ConsumerOffsetTable.FILE_NAME), StandardCharsets.UTF_8))
            .isEqualTo(OFFSETS);
    }

    @Test
    void aNewStoreHasAnEmptyMetadataDirectoryAndTheFirstPersistFillsIt() throws Exception {
        StoreConfig config = StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024);
        try (MessageStore store = MessageStore.create(config, new NioFileIo(), SystemClock.INSTANCE, (role, error) -> { })) {
            BrokerMetadata metadata = BrokerMetadata.open(MetadataFiles.of(store));
            assertThat(metadata.topics().size() + metadata.offsets().size() + metadata.groups().size()).isZero();
            try (Stream<Path> files = Files.list(config.metadataDirectory())) {
                assertThat(files.toList()).as("the store keeps no table of its own").isEmpty();
            }
            metadata.persist();
        }
        assertThat(Files.readString(config.metadataDirectory().resolve(TopicTable.FILE_NAME), StandardCharsets.UTF_8))
            .isEqualTo("# apogee topics v1\n");
    }
}
