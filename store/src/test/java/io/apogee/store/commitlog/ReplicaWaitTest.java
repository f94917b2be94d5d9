package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A SYNC_MASTER's store: written requests complete in order once a slave confirmed them, on a manual clock. */
class ReplicaWaitTest {
    private static final int SEGMENT = 64 * 1024;
    private static final long TIMEOUT = 3_000;
    private static final long MAX_GAP = 4_096;

    @TempDir
    Path dir;

    /** The slaves as the test plays them. */
    private static final class Slaves implements ReplicaGate {
        long confirmed = -1;
        int connected = 1;

        @Override
        public long confirmedPosition() {
            return confirmed;
        }

        @Override
        public int connectedSlaves() {
            return connected;
        }
    }

    private final Slaves slaves = new Slaves();

    private StoreFixture fixture(FlushMode mode) {
        StoreFixture fixture = new StoreFixture(dir, mode, SEGMENT, 64);
        fixture.store.awaitReplicas(new ReplicaWait(slaves, TIMEOUT, MAX_GAP));
        return fixture;
    }

    private List<TestRecord> submit(StoreFixture fixture, int count, int bodySize) {
        List<TestRecord> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            TestRecord record = new TestRecord().set("T", 0, bodySize, null);
            records.add(record);
            written.add(record);
            assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
        }
        fixture.internals.appender().doWork();
        return records;
    }

    /** Where the records submitted so far end: a new store writes them from offset 0, one after the other. */
    private final List<TestRecord> written = new ArrayList<>();

    /** The end of {@code record} in the log, known before its completion reports its offset. */
    private long end(TestRecord record) {
        long end = 0;
        for (TestRecord each : written) {
            end += each.totalSize();
            if (each == record) {
                return end;
            }
        }
        throw new IllegalArgumentException("not submitted");
    }

    @ParameterizedTest
    @EnumSource(FlushMode.class)
    void oneConfirmationCompletesEveryRequestBelowItInOrderAndNoneAbove(FlushMode mode) {
        try (StoreFixture fixture = fixture(mode)) {
            List<TestRecord> records = submit(fixture, 5, 200);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                int index = i;
                records.get(i).onComplete = done -> order.add(index);
            }
            fixture.internals.flusher().doWork();
            assertThat(records).allSatisfy(record -> assertThat(record.completions).isZero());

            slaves.confirmed = end(records.get(2));
            fixture.internals.flusher().doWork();
            assertThat(order).containsExactly(0, 1, 2);
            assertThat(records.subList(0, 3)).allSatisfy(record -> assertThat(record.status).isEqualTo(AppendStatus.APPENDED));
            assertThat(records.get(3).completions).isZero();

            slaves.confirmed = end(records.get(4));
            fixture.internals.flusher().doWork();
            assertThat(order).containsExactly(0, 1, 2, 3, 4);
            assertThat(fixture.internals.appender().inFlight()).isZero();
        }
    }

    @Test
    void aRequestOneByteShortOfConfirmedWaits() {
        try (StoreFixture fixture = fixture(FlushMode.SYNC)) {
            TestRecord record = submit(fixture, 1, 100).get(0);
            slaves.confirmed = end(record) - 1;
            fixture.internals.flusher().doWork();
            assertThat(record.completions).isZero();
            slaves.confirmed = end(record);
            fixture.internals.flusher().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
        }
    }

    @ParameterizedTest
    @EnumSource(FlushMode.class)
    void noConfirmationWithinTheSlaveTimeoutAnswersFlushSlaveTimeoutWithTheOffsets(FlushMode mode) {
        try (StoreFixture fixture = fixture(mode)) {
            slaves.confirmed = 0;
            TestRecord record = submit(fixture, 1, 100).get(0);
            fixture.clock.advanceMillis(TIMEOUT);
            fixture.internals.flusher().doWork();
            assertThat(record.completions).isZero();
            fixture.clock.advanceMillis(1);
            fixture.internals.flusher().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.FLUSH_SLAVE_TIMEOUT);
            assertThat(record.physicalOffset).isZero();
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(1); // stored all the same
        }
    }

    @Test
    void withNoSlaveConnectedTheAnswerIsSlaveNotAvailableAtOnce() {
        try (StoreFixture fixture = fixture(FlushMode.ASYNC)) {
            slaves.connected = 0;
            TestRecord record = submit(fixture, 1, 100).get(0);
            fixture.internals.flusher().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.SLAVE_NOT_AVAILABLE);
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(1);
        }
    }

    @Test
    void aSlaveTheMaxGapBehindTheRequestsEndIsNotWaitedForOnceTheRequestsAheadAreAnswered() {
        try (StoreFixture fixture = fixture(FlushMode.ASYNC)) {
            slaves.confirmed = 0;
            List<TestRecord> records = submit(fixture, 40, 200); // about 10 KB: past the 4 KiB gap
            fixture.internals.flusher().doWork();
            // answered in order: the requests within the gap wait for the slave, and the rest behind them
            assertThat(records).allSatisfy(record -> assertThat(record.completions).isZero());
            fixture.clock.advanceMillis(TIMEOUT + 1);
            fixture.internals.flusher().doWork();
            assertThat(records).allSatisfy(record -> assertThat(record.status).isEqualTo(
                end(record) >= MAX_GAP ? AppendStatus.SLAVE_NOT_AVAILABLE : AppendStatus.FLUSH_SLAVE_TIMEOUT));
            assertThat(records.getLast().status).isEqualTo(AppendStatus.SLAVE_NOT_AVAILABLE);
        }
    }

    @Test
    void theFlusherSleepsUntilTheOldestRequestsSlaveTimeoutAndWakesAtOnceOnceConfirmed() {
        try (StoreFixture fixture = fixture(FlushMode.SYNC)) {
            slaves.confirmed = 0;
            assertThat(fixture.internals.flusher().nanosToNextWork()).isEqualTo(SleepingAgent.NO_DEADLINE);
            TestRecord record = submit(fixture, 1, 100).get(0);
            fixture.internals.flusher().doWork(); // forced; now only the slave is awaited
            fixture.clock.advanceMillis(1_000);
            assertThat(fixture.internals.flusher().nanosToNextWork()).isEqualTo((TIMEOUT + 1 - 1_000) * 1_000_000L);
            slaves.confirmed = end(record);
            assertThat(fixture.internals.flusher().nanosToNextWork()).isZero();
            fixture.internals.flusher().doWork();
            assertThat(fixture.internals.flusher().nanosToNextWork()).isEqualTo(SleepingAgent.NO_DEADLINE);
        }
    }

    @Test
    void atShutdownARequestStillWaitingForTheSlaveIsAnsweredFlushSlaveTimeout() {
        try (StoreFixture fixture = fixture(FlushMode.SYNC)) {
            slaves.confirmed = 0;
            TestRecord record = submit(fixture, 1, 100).get(0);
            fixture.internals.flusher().doWork();
            assertThat(record.completions).isZero();
            fixture.internals.flusher().flushAll();
            assertThat(record.status).isEqualTo(AppendStatus.FLUSH_SLAVE_TIMEOUT);
            assertThat(fixture.internals.appender().inFlight()).isZero();
        }
    }

    @Test
    void aFlushTimeoutWinsOverTheSlaves() {
        try (StoreFixture fixture = fixture(FlushMode.SYNC)) {
            long timeout = fixture.store.config().commitLog().syncFlushTimeoutMillis();
            fixture.files.onForce(() -> fixture.clock.advanceMillis(timeout + 1));
            TestRecord record = submit(fixture, 1, 100).get(0);
            slaves.confirmed = end(record);
            fixture.internals.flusher().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        }
    }
}
