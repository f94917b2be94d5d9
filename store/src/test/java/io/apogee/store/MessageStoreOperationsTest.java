package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.time.SystemClock;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operations the store offers in place of its parts: statistics, unit scans, metadata files, start and close. */
class MessageStoreOperationsTest {
    @TempDir
    Path dir;

    @Test
    void statisticsReportPutsOffsetsAndLag() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            for (int i = 0; i < 3; i++) {
                fixture.store.submit(new TestRecord().set("A", i % 2, 300, null).request());
            }
            fixture.store.submit(new TestRecord().set("B", 0, 300, null).request());
            fixture.internals.appender().doWork();
            StoreStatistics written = fixture.store.statistics();
            assertThat(written.putsByTopic()).isEqualTo(Map.of("A", 3L, "B", 1L)); // units are written with the records
            assertThat(written.maxPhysicalOffset()).isEqualTo(1200);
            assertThat(written.bytesToDispatch()).isEqualTo(1200);
            assertThat(written.bytesToFlush()).isEqualTo(1200);

            fixture.internals.dispatcher().doWork();
            fixture.internals.flusher().flushAll();
            StoreStatistics dispatched = fixture.store.statistics();
            assertThat(dispatched.putsByTopic()).isEqualTo(Map.of("A", 3L, "B", 1L));
            assertThat(dispatched.putMessages()).isEqualTo(4);
            assertThat(dispatched.minPhysicalOffset()).isZero();
            assertThat(dispatched.bytesToDispatch()).isZero();
            assertThat(dispatched.bytesToFlush()).isZero();
            assertThat(dispatched.failed()).isFalse();
            assertThat(dispatched.diskTotalBytes()).isPositive();
        }
    }

    @Test
    void scanUnitsTellsEachUnitWithItsTagsCodeUntilTheVisitorStops() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 4)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 10; i++) {
                fixture.store.submit(record.set("T", 0, 200, "Tag" + i).request());
                fixture.drain();
            }
            List<Long> seen = new ArrayList<>();
            long stopped = fixture.store.scanUnits("T", 0, 2, 100, (offset, tagsCode) -> {
                seen.add(offset);
                return offset < 7;
            });
            assertThat(seen).containsExactly(2L, 3L, 4L, 5L, 6L, 7L);
            assertThat(stopped).isEqualTo(7);
            assertThat(fixture.store.scanUnits("T", 0, 8, 100, (offset, tagsCode) ->
                tagsCode == record.set("T", 0, 200, "Tag" + offset).tags())).isEqualTo(10);
            assertThat(fixture.store.scanUnits("missing", 0, 3, 100, (offset, tagsCode) -> true)).isEqualTo(3);
        }
    }

    @Test
    void metadataFilesAreReadBackAndMissingOnesAreNull() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            assertThat(fixture.store.readMetadataFile("checkpoint")).isNull();
            fixture.store.writeMetadataFile("checkpoint", ByteBuffer.wrap("a=1".getBytes(StandardCharsets.UTF_8)));
            assertThat(new String(fixture.store.readMetadataFile("checkpoint"), StandardCharsets.UTF_8)).isEqualTo("a=1");
        }
    }

    @Test
    void startedAgentsCompleteAppendsAndCloseStopsThem() throws InterruptedException {
        StoreConfig config = StoreFixture.config(dir, FlushMode.SYNC, 1 << 20, 64);
        MessageStore store = MessageStore.create(config, new NioFileIo(), SystemClock.INSTANCE, (role, error) -> { });
        CountDownLatch done = new CountDownLatch(1);
        TestRecord record = new TestRecord().set("T", 0, 300, null);
        record.onComplete = completed -> done.countDown();
        try (store) {
            store.prepareFirstSegment();
            assertThat(store.start(() -> new BackoffIdleStrategy(1, 1, 1_000, 100_000))).isEqualTo(3);
            assertThat(store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName().contains("apogee-appender"));
        try (MessageStore reopened = MessageStore.open(config, new NioFileIo(), SystemClock.INSTANCE, (role, error) -> { })) {
            assertThat(reopened.maxOffset("T", 0)).isEqualTo(1);
        }
    }
}
