package io.apogee.store.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.RecordingFileIo;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumeQueueTest {
    private static final int UNITS = 10;

    @TempDir
    Path dir;

    private final FencedIo io = new FencedIo(new RecordingFileIo(), new DiskFence());

    @Test
    void writesTwentyByteUnitsAcrossFilesAndReloadsToTheSameEnd() {
        try (ConsumeQueue queue = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            for (int i = 0; i < 25; i++) {
                assertThat(queue.append(i, 1000L * i, 100 + i, i % 3)).isTrue();
            }
            assertThat(queue.append(3, 0, 1, 0)).isFalse();
            assertThatThrownBy(() -> queue.append(27, 0, 1, 0)).isInstanceOf(IllegalStateException.class);
            assertThat(queue.maxOffset()).isEqualTo(25);
            MappedSegment segment = queue.retainSegmentFor(17);
            int at = ConsumeQueue.positionIn(segment, 17);
            assertThat(at).isEqualTo(7 * ConsumeQueueEntry.SIZE);
            assertThat(new ConsumeQueueEntry().wrap(segment.readBuffer(), at).commitLogOffset()).isEqualTo(17_000);
            assertThat(new ConsumeQueueEntry().wrap(segment.readBuffer(), at).size()).isEqualTo(117);
            assertThat(new ConsumeQueueEntry().wrap(segment.readBuffer(), at).tagsCode()).isEqualTo(2);
            segment.release();
            assertThat(queue.flush()).isEqualTo(25);
        }
        assertThat(dir.resolve("00000000000000000200")).exists();
        assertThat(dir.resolve("00000000000000000400")).exists();
        try (ConsumeQueue reloaded = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            reloaded.load();
            assertThat(reloaded.minOffset()).isZero();
            assertThat(reloaded.maxOffset()).isEqualTo(25);
            reloaded.truncateTo(12);
            assertThat(reloaded.maxOffset()).isEqualTo(12);
            assertThat(reloaded.append(12, 12_000, 112, 0)).isTrue();
        }
        try (ConsumeQueue again = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            again.load();
            assertThat(again.maxOffset()).isEqualTo(13);
        }
    }

    @Test
    void theFileIsLaidOutAheadOfTheUnitsSixteenPagesAtATimeAndNoUnitIsOverwritten() {
        RecordingFileIo files = new RecordingFileIo();
        int unitsPerFile = 40 * MappedSegment.PAGE_SIZE / ConsumeQueueEntry.SIZE; // 40 pages
        int chunkUnits = QueueFileLayout.AHEAD_BYTES / ConsumeQueueEntry.SIZE;
        try (ConsumeQueue queue = new ConsumeQueue(new FencedIo(files, new DiskFence()), dir, "T", 0, unitsPerFile)) {
            int before = files.writes();
            queue.append(0, 0, 100, 0);
            assertThat(files.writes()).as("pages 1 to 16 after the first unit").isEqualTo(before + 1);
            for (int i = 1; i < chunkUnits; i++) {
                queue.append(i, i * 100L, 100, 0);
            }
            assertThat(files.writes()).as("nothing more while a page of laid-out bytes is left").isEqualTo(before + 1);
            for (int i = chunkUnits; i < unitsPerFile; i++) {
                queue.append(i, i * 100L, 100, 0);
            }
            assertThat(files.writes()).as("pages 17 to 32, then 33 to 39, none past the file").isEqualTo(before + 3);
            MappedSegment segment = queue.retainSegmentFor(0);
            try {
                for (int i = 0; i < unitsPerFile; i++) {
                    assertThat(new ConsumeQueueEntry().wrap(segment.readBuffer(), ConsumeQueue.positionIn(segment, i))
                        .commitLogOffset()).as("unit " + i).isEqualTo(i * 100L);
                }
            } finally {
                segment.release();
            }
        }
    }

    @Test
    void aFileMadeForReservedUnitsIsLaidOutAheadAlreadySoTheFirstUnitsCostTheAppenderNoWriteCall() {
        RecordingFileIo files = new RecordingFileIo();
        int unitsPerFile = 40 * MappedSegment.PAGE_SIZE / ConsumeQueueEntry.SIZE;
        int firstPagesUnits = (MappedSegment.PAGE_SIZE + QueueFileLayout.AHEAD_BYTES) / ConsumeQueueEntry.SIZE;
        try (ConsumeQueue queue = new ConsumeQueue(new FencedIo(files, new DiskFence()), dir, "T", 0, unitsPerFile)) {
            assertThat(queue.reserveUnits(firstPagesUnits, true)).isEqualTo(ConsumeQueue.Reservation.RESERVED);
            int made = files.writes();
            assertThat(made).as("the first page and the sixteen after it, as the file is made").isEqualTo(2);
            int laidOutUnits = QueueFileLayout.AHEAD_BYTES / ConsumeQueueEntry.SIZE; // the last ends a page before
            for (int i = 0; i < laidOutUnits; i++) {
                queue.append(i, i * 100L, 100, 0);
            }
            assertThat(files.writes()).as("no write while a page of laid-out bytes is left").isEqualTo(made);
            for (int i = laidOutUnits; i < firstPagesUnits; i++) {
                queue.append(i, i * 100L, 100, 0);
            }
            assertThat(files.writes()).as("then the next sixteen pages in one write").isEqualTo(made + 1);
            queue.releaseUnits(firstPagesUnits);
        }
    }

    @Test
    void anEmptyQueueMayStartAnywhereAndRetentionMovesTheMinimum() {
        try (ConsumeQueue queue = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            assertThat(queue.append(15, 0, 50, 0)).isTrue();
            assertThat(queue.minOffset()).isEqualTo(15);
            for (long i = 16; i < 35; i++) {
                queue.append(i, i * 50, 50, 0);
            }
            queue.deleteBefore(20);
            assertThat(queue.minOffset()).isEqualTo(20);
            assertThat(queue.retainSegmentFor(15)).isNull();
            MappedSegment stillThere = queue.retainSegmentFor(20);
            assertThat(stillThere).isNotNull();
            stillThere.release();
        }
    }

    @Test
    void aQueueBegunInsideAFileHasPreBlankUnitsBeforeItsFirstAndFindsItsStartAgainOnLoad() throws IOException {
        try (ConsumeQueue queue = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            // the empty file a new topic's queue gets, before a replica learns where the queue begins
            assertThat(queue.reserveUnits(1, true)).isEqualTo(ConsumeQueue.Reservation.RESERVED);
            queue.releaseUnits(1);
            assertThat(dir.resolve("00000000000000000000")).exists();
            queue.startAt(23);
            assertThat(dir.resolve("00000000000000000000")).doesNotExist();
            assertThat(queue.minOffset()).isEqualTo(23);
            assertThat(queue.maxOffset()).isEqualTo(23);
            for (long i = 23; i < 28; i++) {
                assertThat(queue.append(i, 1000 * i, 50, 0)).isTrue();
            }
            assertThat(queue.flush()).as("the pre-blank units are forced with the first").isEqualTo(8);
            assertThatThrownBy(() -> queue.startAt(40)).isInstanceOf(IllegalStateException.class);
        }
        ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(dir.resolve("00000000000000000400")));
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        for (int i = 0; i < 3; i++) {
            assertThat(unit.wrap(file, i * ConsumeQueueEntry.SIZE).isPreBlank()).as("unit " + (20 + i)).isTrue();
        }
        assertThat(unit.wrap(file, 3 * ConsumeQueueEntry.SIZE).commitLogOffset()).isEqualTo(23_000);
        try (ConsumeQueue reloaded = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            reloaded.load();
            assertThat(reloaded.minOffset()).isEqualTo(23);
            assertThat(reloaded.maxOffset()).isEqualTo(28);
            assertThat(reloaded.firstOffsetAtOrAfter(0)).isEqualTo(23);
            reloaded.truncateTo(23);
        }
        try (ConsumeQueue emptied = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            emptied.load();
            assertThat(emptied.minOffset()).as("cut back to nothing, it still begins at 23").isEqualTo(23);
            assertThat(emptied.maxOffset()).isEqualTo(23);
            assertThat(emptied.append(23, 23_000, 50, 0)).isTrue();
        }
    }

    @Test
    void findsOffsetsByStoreTimestampWithBinarySearch() {
        try (ConsumeQueue queue = new ConsumeQueue(io, dir, "T", 0, UNITS)) {
            for (int i = 0; i < 40; i++) {
                queue.append(i, i, 1, 0);
            }
            StoreTimeLookup timeOf = (physical, size) -> 1_000 + (physical / 2) * 10; // two messages per 10 ms
            assertThat(queue.offsetForTimestamp(1_000, false, timeOf)).isZero();
            assertThat(queue.offsetForTimestamp(1_050, false, timeOf)).isEqualTo(10);
            assertThat(queue.offsetForTimestamp(1_050, true, timeOf)).isEqualTo(11);
            assertThat(queue.offsetForTimestamp(1_055, false, timeOf)).isEqualTo(12);
            assertThat(queue.offsetForTimestamp(1_055, true, timeOf)).isEqualTo(11);
            assertThat(queue.offsetForTimestamp(999_999, false, timeOf)).isEqualTo(40);
            assertThat(queue.offsetForTimestamp(999_999, true, timeOf)).isEqualTo(39);
            assertThat(queue.offsetForTimestamp(0, false, timeOf)).isZero();
        }
    }
}
