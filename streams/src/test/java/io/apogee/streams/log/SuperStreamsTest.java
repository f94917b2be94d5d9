package io.apogee.streams.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Super stream definitions in the registry: checked, created with their partitions, and kept across a restart. */
class SuperStreamsTest {
    private static final int SEGMENT = 64 * 1024;

    @TempDir
    Path dir;
    private final FencedIo io = new FencedIo(new NioFileIo(), new DiskFence());

    @Test
    void aSuperStreamAndItsPartitionsSurviveARestartAndGoTogether() {
        List<SuperStreams.Partition> partitions = List.of(new SuperStreams.Partition("s-0", "0"),
            new SuperStreams.Partition("s-1", "1"), new SuperStreams.Partition("s-2", "1"));
        try (StreamRegistry registry = open()) {
            assertThat(registry.createSuperStream("s", partitions, StreamOptions.defaults(SEGMENT)))
                .isEqualTo(StreamRegistry.SuperStreamOutcome.CREATED);
            assertThat(registry.createSuperStream("s", partitions, StreamOptions.defaults(SEGMENT)))
                .isEqualTo(StreamRegistry.SuperStreamOutcome.EXISTS);
            assertThat(registry.createSuperStream("t", List.of(new SuperStreams.Partition("s-1", "x")),
                StreamOptions.defaults(SEGMENT))).as("a partition that exists").isEqualTo(StreamRegistry.SuperStreamOutcome.EXISTS);
            assertThat(registry.createSuperStream("u", List.of(new SuperStreams.Partition("u/0", "x")),
                StreamOptions.defaults(SEGMENT))).isEqualTo(StreamRegistry.SuperStreamOutcome.INVALID);
            assertThat(registry.createSuperStream("v", List.of(new SuperStreams.Partition("v-0", "a"),
                new SuperStreams.Partition("v-0", "b")), StreamOptions.defaults(SEGMENT)))
                .as("a partition named twice").isEqualTo(StreamRegistry.SuperStreamOutcome.INVALID);
            assertThat(registry.createSuperStream("w", List.of(), StreamOptions.defaults(SEGMENT)))
                .isEqualTo(StreamRegistry.SuperStreamOutcome.INVALID);
            assertThat(registry.get("t")).isNull();
            assertThat(StreamRegistry.isValidName(".super-streams")).as("the definitions' file name").isFalse();
        }
        try (StreamRegistry registry = open()) {
            assertThat(registry.superStreams().partitions("s")).isEqualTo(partitions);
            assertThat(registry.superStreams().route("s", "1")).containsExactly("s-1", "s-2");
            assertThat(registry.superStreams().route("s", "9")).isEmpty();
            assertThat(registry.superStreams().route("x", "1")).isNull();
            assertThat(registry.get("s-2")).isNotNull();
            assertThat(registry.deleteSuperStream("s")).isTrue();
            assertThat(registry.get("s-0")).isNull();
            assertThat(registry.deleteSuperStream("s")).isFalse();
        }
        try (StreamRegistry registry = open()) {
            assertThat(registry.superStreams().exists("s")).isFalse();
            assertThat(registry.get("s-1")).isNull();
        }
    }

    private StreamRegistry open() {
        return StreamRegistry.open(io, dir, SEGMENT, new ManualClock(1));
    }
}
