package io.apogee.store.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * QUERY_MESSAGE by KEYS and UNIQ_KEY within a time range and VIEW_MESSAGE_BY_ID by offset message id, across index
 * file rolls, after a clean reopen and after recovery rebuilt a lost index. Seeded: {@code -Dstore.seed=<seed>}.
 */
class MessageIndexTest {
    private static final int SEGMENT = 64 * 1024;
    private static final long STEP_MILLIS = 10;

    @TempDir
    Path dir;

    private final long seed = Long.getLong("store.seed", System.nanoTime());

    /** One appended record and its keys. */
    private record Keyed(String topic, String keys, String uniqueKey, long physical, long storeTimestamp) {
    }

    private StoreConfig config(Path root) {
        return StoreFixture.config(root, FlushMode.ASYNC, SEGMENT, 256).withIndex(16, 64); // rolls every 64 entries
    }

    private List<Keyed> append(StoreFixture fixture, int count) {
        System.out.println("MessageIndexTest seed " + seed);
        Random random = new Random(seed);
        List<Keyed> appended = new ArrayList<>();
        TestRecord record = new TestRecord();
        for (int i = 0; i < count; i++) {
            String topic = random.nextBoolean() ? "Orders" : "Refunds";
            String keys = "order-" + random.nextInt(20) + " customer-" + random.nextInt(5);
            String unique = "UNIQ" + i;
            fixture.store.submit(record.set(topic, random.nextInt(2), 300, null).keys(keys).uniqueKey(unique).request());
            fixture.drain();
            appended.add(new Keyed(topic, keys, unique, record.physicalOffset, record.storeTimestamp));
            fixture.clock.advanceMillis(STEP_MILLIS);
        }
        return appended;
    }

    private static void assertQueries(StoreFixture fixture, List<Keyed> appended) {
        MessageLookup lookup = fixture.store.newLookup();
        ReadResult result = new ReadResult(64);
        for (Keyed keyed : appended.subList(appended.size() - 20, appended.size())) {
            assertThat(lookup.query(keyed.topic(), keyed.uniqueKey(), 0, Long.MAX_VALUE, 32, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(1);
            assertThat(result.physicalOffset(0)).isEqualTo(keyed.physical());
            result.release();
            String key = keyed.keys().split(" ")[0];
            List<Long> expected = appended.stream()
                .filter(k -> k.topic().equals(keyed.topic()) && List.of(k.keys().split(" ")).contains(key))
                .map(Keyed::physical).sorted((a, b) -> Long.compare(b, a)).toList();
            assertThat(lookup.query(keyed.topic(), key, 0, Long.MAX_VALUE, 64, result)).isEqualTo(ReadStatus.FOUND);
            List<Long> found = new ArrayList<>();
            for (int i = 0; i < result.count(); i++) {
                found.add(result.physicalOffset(i));
            }
            result.release();
            assertThat(found).as("key " + key).containsExactlyElementsOf(expected.subList(0, Math.min(64, expected.size())));
            long time = keyed.storeTimestamp();
            assertThat(lookup.query(keyed.topic(), keyed.uniqueKey(), time + 1, Long.MAX_VALUE, 32, result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            result.release();
            assertThat(lookup.query(keyed.topic(), keyed.uniqueKey(), time, time, 32, result)).isEqualTo(ReadStatus.FOUND);
            result.release();
            String other = keyed.topic().equals("Orders") ? "Refunds" : "Orders";
            assertThat(lookup.query(other, keyed.uniqueKey(), 0, Long.MAX_VALUE, 32, result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            result.release();
        }
    }

    @Test
    void queriesByKeysAndUniqueKeyWithinATimeRangeAcrossFileRolls() {
        try (StoreFixture fixture = new StoreFixture(config(dir))) {
            List<Keyed> appended = append(fixture, 200);
            assertThat(fixture.internals.index().fileCount()).isGreaterThan(3);
            assertQueries(fixture, appended);
        }
        try (StoreFixture fixture = StoreFixture.open(config(dir))) {
            assertThat(fixture.internals.index().fileCount()).isGreaterThan(3);
        }
    }

    @Test
    void viewsAMessageByItsOffsetIdAndRefusesOffsetsThatAreNotRecords() {
        try (StoreFixture fixture = new StoreFixture(config(dir))) {
            List<Keyed> appended = append(fixture, 30);
            MessageLookup lookup = fixture.store.newLookup();
            ReadResult result = new ReadResult(1);
            Keyed keyed = appended.get(17);
            String id = OffsetMessageId.of(TestRecord.STORE_HOST, keyed.physical());
            assertThat(lookup.viewById(id, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(new StoredRecord().wrap(result.buffer(0), result.position(0)).physicalOffset()).isEqualTo(keyed.physical());
            result.release();
            assertThat(lookup.viewById(OffsetMessageId.of(TestRecord.STORE_HOST, keyed.physical() + 8), result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            result.release();
            assertThat(lookup.viewById(OffsetMessageId.of(TestRecord.STORE_HOST, 1L << 40), result))
                .isEqualTo(ReadStatus.OFFSET_OVERFLOW_BADLY);
            result.release();
            assertThat(lookup.viewById("not an id", result)).isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            result.release();
        }
    }

    @Test
    void recoveryRebuildsALostIndexFromTheLog() throws Exception {
        List<Keyed> appended;
        try (StoreFixture live = new StoreFixture(config(dir.resolve("live")))) {
            appended = append(live, 120);
            io.apogee.store.recovery.CrashImagesAccess.copy(dir.resolve("live"), dir.resolve("image"));
        }
        try (var files = java.nio.file.Files.list(dir.resolve("image").resolve("index"))) {
            for (Path file : files.toList()) {
                java.nio.file.Files.delete(file);
            }
        }
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            assertThat(fixture.store.recoveryReport().indexEntriesRebuilt()).isGreaterThanOrEqualTo(120 * 3);
            assertQueries(fixture, appended);
        }
    }
}
