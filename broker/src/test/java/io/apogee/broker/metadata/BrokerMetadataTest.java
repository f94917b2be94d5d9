package io.apogee.broker.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.testing.TempMetadata;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Byte-exact round trips of the three metadata tables, escaping included, and refusal of foreign files. */
class BrokerMetadataTest {
    @TempDir
    Path dir;

    private final long seed = Long.getLong("apogee.seed", System.nanoTime());

    @Test
    void writesTheDocumentedBytes() throws Exception {
        BrokerMetadata metadata = TempMetadata.open(dir);
        metadata.topics().put(new TopicConfig("Orders", 8, 8, TopicConfig.PERMISSION_READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
        metadata.offsets().commit("billing", "Orders", 3, 1234);
        metadata.groups().put(new SubscriptionGroup("billing", true, true, false, 1, 16, 0, 1, true));
        metadata.persist();
        assertThat(Files.readString(dir.resolve(TopicTable.FILE_NAME)))
            .isEqualTo("# apogee topics v1\nOrders\t8\t8\t6\tSINGLE_TAG\t0\tfalse\n");
        assertThat(Files.readString(dir.resolve(ConsumerOffsetTable.FILE_NAME)))
            .isEqualTo("# apogee consumer-offsets v1\nbilling\tOrders\t3\t1234\n");
        assertThat(Files.readString(dir.resolve(SubscriptionGroupTable.FILE_NAME)))
            .isEqualTo("# apogee subscription-groups v1\nbilling\ttrue\ttrue\tfalse\t1\t16\t0\t1\ttrue\n");
    }

    @Test
    void aGroupLineOfTheFirstNineFieldsReadsWithRocketMqsDefaultsForTheRestAndAFullLineRoundTrips() throws Exception {
        Files.writeString(dir.resolve(SubscriptionGroupTable.FILE_NAME),
            "# apogee subscription-groups v1\nbilling\ttrue\ttrue\tfalse\t1\t16\t0\t1\ttrue\n"
                + "orders\tfalse\tfalse\ttrue\t2\t3\t0\t1\tfalse\ttrue\t4\t30\t{\"type\":\"EXPONENTIAL\"}\t{\"+a\":\"b\"}\n");
        SubscriptionGroupTable groups = TempMetadata.open(dir).groups();
        assertThat(groups.get("billing")).isEqualTo(new SubscriptionGroup("billing", true, true, false, 1, 16, 0, 1, true,
            false, 0, 15, "", "{}"));
        assertThat(groups.get("orders")).isEqualTo(new SubscriptionGroup("orders", false, false, true, 2, 3, 0, 1, false,
            true, 4, 30, "{\"type\":\"EXPONENTIAL\"}", "{\"+a\":\"b\"}"));
        String before = Files.readString(dir.resolve(SubscriptionGroupTable.FILE_NAME));
        groups.put(groups.get("orders"));
        groups.markChanged();
        groups.persist();
        assertThat(Files.readString(dir.resolve(SubscriptionGroupTable.FILE_NAME))).isEqualTo(before);
    }

    @Test
    void aTableIsWrittenOnlyWhenItsBytesDifferFromTheFile() {
        List<String> written = new ArrayList<>();
        MetadataFiles files = new MetadataFiles() {
            @Override
            public byte[] read(String name) {
                return "# apogee topics v1\nOrders\t8\t8\t6\tSINGLE_TAG\t0\tfalse\n".getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public void replace(String name, ByteBuffer content) {
                written.add(StandardCharsets.UTF_8.decode(content).toString());
            }
        };
        TopicTable topics = new TopicTable(files);
        topics.load();
        topics.persist();
        assertThat(written).as("the loaded file holds these bytes").isEmpty();
        topics.put(new TopicConfig("Billing", 4, 4, TopicConfig.PERMISSION_READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
        topics.persist();
        topics.persist();
        assertThat(written).as("written once after the change, not again").hasSize(1);
        assertThat(written.getFirst()).contains("Billing", "Orders");
        topics.put(new TopicConfig("Billing", 4, 4, TopicConfig.PERMISSION_READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
        topics.persist();
        assertThat(written).as("the same entry put again changes no byte").hasSize(1);
    }

    @Test
    void randomContentRoundTripsByteForByte() throws Exception {
        System.out.println("BrokerMetadataTest seed " + seed);
        Random random = new Random(seed);
        BrokerMetadata metadata = TempMetadata.open(dir);
        for (int i = 0; i < 50; i++) {
            String topic = text(random);
            metadata.topics().put(new TopicConfig(topic, random.nextInt(64), random.nextInt(64), random.nextInt(8),
                random.nextBoolean() ? "SINGLE_TAG" : "MULTI_TAG", random.nextInt(), random.nextBoolean()));
            metadata.offsets().commit(text(random), topic, random.nextInt(16), random.nextLong());
            metadata.groups().put(new SubscriptionGroup(text(random), random.nextBoolean(), random.nextBoolean(),
                random.nextBoolean(), random.nextInt(4), random.nextInt(32), random.nextLong(), random.nextLong(),
                random.nextBoolean()));
        }
        metadata.persist();
        byte[] topics = Files.readAllBytes(dir.resolve(TopicTable.FILE_NAME));
        byte[] offsets = Files.readAllBytes(dir.resolve(ConsumerOffsetTable.FILE_NAME));
        byte[] groups = Files.readAllBytes(dir.resolve(SubscriptionGroupTable.FILE_NAME));
        BrokerMetadata reopened = TempMetadata.open(dir);
        assertThat(reopened.topics().all()).isEqualTo(metadata.topics().all());
        assertThat(reopened.offsets().all()).isEqualTo(metadata.offsets().all());
        assertThat(reopened.groups().all()).isEqualTo(metadata.groups().all());
        reopened.persist();
        assertThat(Files.readAllBytes(dir.resolve(TopicTable.FILE_NAME))).isEqualTo(topics);
        assertThat(Files.readAllBytes(dir.resolve(ConsumerOffsetTable.FILE_NAME))).isEqualTo(offsets);
        assertThat(Files.readAllBytes(dir.resolve(SubscriptionGroupTable.FILE_NAME))).isEqualTo(groups);
        ConsumerOffset any = metadata.offsets().all().get(0);
        assertThat(reopened.offsets().offset(any.group(), any.topic(), any.queueId())).isEqualTo(any.offset());
        assertThat(reopened.offsets().offset("nobody", any.topic(), any.queueId())).isEqualTo(ConsumerOffsetTable.NONE);
        assertThat(reopened.offsets().removeGroup(any.group())).isGreaterThanOrEqualTo(1);
    }

    /** Random text with the characters the layout escapes, and beyond the BMP. */
    private static String text(Random random) {
        String alphabet = "ab\t\n\r\\ %|-_\u00e9\u4e2d";
        StringBuilder out = new StringBuilder();
        int length = 1 + random.nextInt(12);
        for (int i = 0; i < length; i++) {
            if (random.nextInt(10) == 0) {
                out.appendCodePoint(0x1F600 + random.nextInt(16));
            } else {
                out.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
        }
        return out.toString();
    }

    @Test
    void twoGroupAndTopicPairsNeverShareAnOffsetAlsoAfterALoad() throws Exception {
        BrokerMetadata metadata = TempMetadata.open(dir);
        // names an older file may hold: the old key joined them with NUL, so these two pairs collided
        metadata.offsets().commit("a\u0000b", "c", 0, 5);
        metadata.offsets().commit("a", "b\u0000c", 0, 7);
        assertThat(metadata.offsets().offset("a\u0000b", "c", 0)).isEqualTo(5);
        assertThat(metadata.offsets().offset("a", "b\u0000c", 0)).isEqualTo(7);
        assertThat(metadata.offsets().all()).hasSize(2);
        metadata.persist();

        BrokerMetadata reopened = TempMetadata.open(dir);
        assertThat(reopened.offsets().offset("a\u0000b", "c", 0)).isEqualTo(5);
        assertThat(reopened.offsets().offset("a", "b\u0000c", 0)).isEqualTo(7);
    }

    @Test
    void refusesAFileOfAnotherTableOrVersion() throws Exception {
        Files.writeString(dir.resolve(TopicTable.FILE_NAME), "# apogee topics v2\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TempMetadata.open(dir)).isInstanceOf(IllegalArgumentException.class);
        Files.writeString(dir.resolve(TopicTable.FILE_NAME), "# apogee topics v1\nOrders\t8\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TempMetadata.open(dir)).isInstanceOf(IllegalArgumentException.class);
        Files.writeString(dir.resolve(TopicTable.FILE_NAME), "# apogee topics v1\nOr\\x\t8\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TempMetadata.open(dir)).isInstanceOf(IllegalArgumentException.class);
    }
}
