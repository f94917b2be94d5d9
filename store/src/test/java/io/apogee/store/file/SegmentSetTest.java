package io.apogee.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.RecordingFileIo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentSetTest {
    private static final int SIZE = 4096;

    @TempDir
    Path dir;

    private final FencedIo io = new FencedIo(new RecordingFileIo(), new DiskFence());

    @Test
    void findsTheSegmentOfAnOffsetAndKeepsThemContiguous() {
        try (SegmentSet set = new SegmentSet(io, dir, SIZE)) {
            assertThat(set.segmentFor(0)).isNull();
            set.add(set.create(SIZE));
            set.add(set.create(2 * SIZE));
            assertThatThrownBy(() -> set.add(set.create(4 * SIZE))).isInstanceOf(IllegalArgumentException.class);
            assertThat(set.segmentFor(SIZE - 1)).isNull();
            assertThat(set.segmentFor(SIZE).baseOffset()).isEqualTo(SIZE);
            assertThat(set.segmentFor(3 * SIZE - 1).baseOffset()).isEqualTo(2 * SIZE);
            assertThat(set.segmentFor(3 * SIZE)).isNull();
            assertThat(set.baseOf(3 * SIZE + 5)).isEqualTo(3 * SIZE);
            assertThat(dir.resolve("00000000000000004096")).exists();
            MappedSegment first = set.retainSegmentFor(SIZE + 10);
            MappedSegment removed = set.removeFirst();
            assertThat(removed).isSameAs(first);
            removed.destroy();
            assertThat(removed.isMapped()).isTrue();
            assertThat(set.retainSegmentFor(SIZE + 10)).isNull();
            first.release();
            assertThat(Files.exists(removed.path())).isFalse();
            assertThat(set.startOffset(-1)).isEqualTo(2 * SIZE);
        }
    }

    @Test
    void loadsWhatIsOnDiskAndStopsAtAGap() throws Exception {
        try (SegmentSet set = new SegmentSet(io, dir, SIZE)) {
            for (int i = 0; i < 3; i++) {
                MappedSegment segment = set.create((long) i * SIZE);
                segment.writeBuffer().putInt(0, i + 1);
                set.add(segment);
            }
        }
        Files.write(dir.resolve(SegmentSet.fileName(5L * SIZE)), new byte[SIZE]);
        try (SegmentSet loaded = new SegmentSet(io, dir, SIZE)) {
            assertThat(loaded.load()).containsExactly(dir.resolve(SegmentSet.fileName(5L * SIZE)));
            assertThat(loaded.count()).isEqualTo(3);
            assertThat(loaded.segmentFor(2L * SIZE).readBuffer().getInt(0)).isEqualTo(3);
        }
    }

    @Test
    void preallocatorPreparesTheNextSegmentOnItsOwnCycle() {
        try (SegmentSet set = new SegmentSet(io, dir, SIZE)) {
            SegmentPreallocator preallocator = new SegmentPreallocator(set, true, "prealloc");
            MappedSegment first = preallocator.take(0);
            set.add(first);
            assertThat(preallocator.isReady(SIZE)).isFalse();
            assertThat(preallocator.doWork()).isEqualTo(1); // mapped
            assertThat(preallocator.isReady(SIZE)).isTrue();
            assertThat(preallocator.isPrepared(SIZE)).isFalse();
            while (preallocator.doWork() > 0) { // touched a chunk per cycle
                assertThat(preallocator.isReady(SIZE)).isTrue();
            }
            assertThat(preallocator.isPrepared(SIZE)).isTrue();
            assertThat(dir.resolve(SegmentSet.fileName(SIZE))).exists();
            MappedSegment second = preallocator.take(SIZE);
            set.add(second);
            assertThat(second.baseOffset()).isEqualTo(SIZE);
            assertThat(preallocator.take(2 * SIZE).baseOffset()).isEqualTo(2 * SIZE); // not prepared: mapped on demand
            preallocator.onClose();
        }
    }

    @Test
    void forcedPreparationIsPacedAheadOfTheWriter() {
        try (SegmentSet set = new SegmentSet(io, dir, SIZE)) {
            SegmentPreallocator preallocator = new SegmentPreallocator(set, true, true, "prealloc");
            set.add(preallocator.take(0));
            preallocator.writerAt(0);
            assertThat(preallocator.doWork()).isEqualTo(1); // mapped
            while (preallocator.doWork() > 0) {
                // touches and forces up to the limit
            }
            assertThat(preallocator.isPrepared(SIZE)).isFalse();
            preallocator.writerAt(SIZE / 2);
            assertThat(preallocator.doWork()).isEqualTo(1);
            assertThat(preallocator.isPrepared(SIZE)).isFalse();
            preallocator.writerAt(SIZE * 3 / 4);
            while (preallocator.doWork() > 0) {
                // the rest
            }
            assertThat(preallocator.isPrepared(SIZE)).isTrue();
            preallocator.onClose();
        }
    }
}
