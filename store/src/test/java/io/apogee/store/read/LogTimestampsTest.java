package io.apogee.store.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTimestampsTest {
    @TempDir
    Path dir;

    @Test
    void searchesByTheStoreTimestampsWrittenInTheRecords() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 4096, 64)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 30; i++) {
                fixture.store.submit(record.set("T", 0, 500, null).request());
                fixture.drain();
                fixture.clock.advanceMillis(10);
            }
            long start = StoreFixture.START_MILLIS;
            assertThat(fixture.store.offsetForTimestamp("T", 0, start, false)).isZero();
            assertThat(fixture.store.offsetForTimestamp("T", 0, start + 95, false)).isEqualTo(10);
            assertThat(fixture.store.offsetForTimestamp("T", 0, start + 95, true)).isEqualTo(9);
            assertThat(fixture.store.offsetForTimestamp("T", 0, start + 100, true)).isEqualTo(10);
            assertThat(fixture.store.offsetForTimestamp("T", 0, start + 10_000, false)).isEqualTo(30);
            assertThat(fixture.store.offsetForTimestamp("T", 1, start, false)).isZero();
        }
    }
}
