package io.apogee.broker.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.store.index.IndexFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index files Apogee writes for an export against Apache RocketMQ 5.4.0's own {@link IndexFile}: the same keys
 * put by RocketMQ give the same bytes, and RocketMQ's lookup finds every key across a roll to a second file.
 */
class RocketMqIndexWriterTest {
    private static final int SLOTS = 16;
    private static final int ENTRIES = 8;
    private static final long START = 1_764_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void theBytesAreThoseRocketMqWritesForTheSameKeys() throws Exception {
        Path ours = Files.createDirectories(dir.resolve("ours"));
        List<Path> written;
        try (RocketMqIndexWriter writer = new RocketMqIndexWriter(ours, SLOTS, ENTRIES, Instant.ofEpochMilli(START))) {
            for (int i = 0; i < ENTRIES - 1; i++) {
                writer.put("TopicA", key(i), 1_000L * i, START + 1_500L * i);
            }
            written = writer.written();
        }
        Path theirs = dir.resolve("20200101000000000");
        IndexFile rocketMq = new IndexFile(theirs.toString(), SLOTS, ENTRIES, 0, 0);
        for (int i = 0; i < ENTRIES - 1; i++) {
            assertThat(rocketMq.putKey("TopicA#" + key(i), 1_000L * i, START + 1_500L * i)).isTrue();
        }
        assertThat(rocketMq.isWriteFull()).isTrue();
        rocketMq.flush();

        assertThat(written).hasSize(1);
        assertThat(Files.readAllBytes(written.getFirst())).isEqualTo(Files.readAllBytes(theirs));
    }

    @Test
    void rocketMqFindsEveryKeyAcrossFiles() throws Exception {
        List<Path> written;
        try (RocketMqIndexWriter writer = new RocketMqIndexWriter(dir, SLOTS, ENTRIES, Instant.ofEpochMilli(START))) {
            for (int i = 0; i < 20; i++) {
                writer.put("TopicA", "shared", 100L * i, START + 1_000L * i);
                writer.put("TopicA", key(i), 100L * i, START + 1_000L * i);
            }
            written = writer.written();
        }
        assertThat(written).hasSize(6).isSortedAccordingTo(Path::compareTo);
        assertThat(Files.size(written.getFirst())).isEqualTo(RocketMqIndexWriter.fileSize(SLOTS, ENTRIES));

        List<Long> shared = new ArrayList<>();
        List<Long> seventh = new ArrayList<>();
        List<Long> otherTopic = new ArrayList<>();
        for (Path path : written) {
            IndexFile file = new IndexFile(path.toString(), SLOTS, ENTRIES, 0, 0);
            file.load();
            file.selectPhyOffset(shared, "TopicA#shared", 64, 0, Long.MAX_VALUE);
            file.selectPhyOffset(seventh, "TopicA#" + key(7), 64, 0, Long.MAX_VALUE);
            file.selectPhyOffset(otherTopic, "TopicB#shared", 64, 0, Long.MAX_VALUE);
        }
        List<Long> every = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            every.add(100L * i);
        }
        assertThat(shared).containsExactlyInAnyOrderElementsOf(every);
        assertThat(seventh).containsExactly(700L);
        assertThat(otherTopic).isEmpty();
    }

    @Test
    void aKeyWhoseHashIsTheSmallestIntHashesToZeroAsInRocketMq() throws Exception {
        // "polygenelubricants".hashCode() is Integer.MIN_VALUE, whose absolute value is negative
        assertThat("polygenelubricants".hashCode()).isEqualTo(Integer.MIN_VALUE);
        IndexFile rocketMq = new IndexFile(dir.resolve("20200101000000001").toString(), SLOTS, ENTRIES, 0, 0);
        assertThat(RocketMqIndexWriter.hash("polygenelubricants")).isZero()
            .isEqualTo(rocketMq.indexKeyHashMethod("polygenelubricants"));
        assertThat(RocketMqIndexWriter.hash("TopicA#k")).isEqualTo(rocketMq.indexKeyHashMethod("TopicA#k"));
    }

    private static String key(int i) {
        return "key-" + i;
    }
}
