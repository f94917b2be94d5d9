package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.file.MappedSegment;
import io.apogee.wire.message.record.SizeCheck;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppenderTest {
    private static final int SEGMENT = 4096;

    @TempDir
    Path dir;

    @Test
    void oneCycleWritesEverythingWaitingAndAssignsOffsets() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord a = new TestRecord().set("T", 0, 100, "A");
            TestRecord b = new TestRecord().set("T", 1, 200, "B");
            TestRecord c = new TestRecord().set("T", 0, 300, "C");
            assertThat(fixture.store.submit(a.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(fixture.store.submit(b.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(fixture.store.submit(c.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(a.completions).isZero();
            assertThat(fixture.internals.appender().doWork()).isEqualTo(3);
            assertThat(a.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(a.physicalOffset).isZero();
            assertThat(b.physicalOffset).isEqualTo(100);
            assertThat(c.physicalOffset).isEqualTo(300);
            assertThat(a.queueOffset).isZero();
            assertThat(b.queueOffset).isZero();
            assertThat(c.queueOffset).isEqualTo(1);
            assertThat(c.storeTimestamp).isEqualTo(StoreFixture.START_MILLIS);
            assertThat(fixture.internals.commitLog().publishedPosition()).isEqualTo(600);
            assertThat(fixture.store.maxOffset("T", 0)).as("the units are written in the same cycle").isEqualTo(2);
            assertThat(fixture.store.maxOffset("T", 1)).isEqualTo(1);
            assertThat(fixture.internals.dispatcher().dispatchedOffset()).as("not indexed yet").isZero();
            assertThat(fixture.internals.dispatcher().doWork()).isGreaterThanOrEqualTo(3);
            assertThat(fixture.internals.dispatcher().dispatchedOffset()).isEqualTo(600);
            MappedSegment segment = fixture.internals.commitLog().retainSegmentFor(300);
            assertThat(TestRecord.verify(segment.readBuffer(), 300, 300, 0, 1, 300)).isTrue();
            segment.release();
        }
    }

    @Test
    void aRequestSubmittedWhileACycleRunsIsNeverStampedBeforeItsSubmission() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord late = new TestRecord().set("T", 0, 300, null);
            long[] submittedAt = new long[1];
            SingleRecordAppend first = new SingleRecordAppend(writer -> {
                writer.bornHost(TestRecord.BORN_HOST).storeHost(TestRecord.STORE_HOST).body(new byte[100], 0, 100);
                boolean appending = writer.storeTimestamp() != 0;
                if (appending && submittedAt[0] == 0) {
                    // while the appender writes this record, time passes and a producer submits another
                    submittedAt[0] = fixture.clock.advanceMillis(5);
                    fixture.store.submit(late.request());
                }
            }, (status, physical, queue, timestamp) -> { });
            assertThat(first.prepare("T", 0)).isEqualTo(SizeCheck.FITS);
            assertThat(fixture.store.submit(first)).isEqualTo(AppendStatus.ACCEPTED);

            assertThat(fixture.internals.appender().doWork()).as("both in one cycle").isEqualTo(2);
            assertThat(late.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(late.storeTimestamp).isEqualTo(submittedAt[0]).isGreaterThan(StoreFixture.START_MILLIS);
        }
    }

    @Test
    void rollsToTheNextSegmentBehindBlankPadding() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 5; i++) {
                assertThat(fixture.store.submit(record.set("T", 0, 1000, null).request())).isEqualTo(AppendStatus.ACCEPTED);
                fixture.internals.appender().doWork();
                assertThat(record.physicalOffset).isEqualTo(i < 4 ? i * 1000L : SEGMENT);
            }
            MappedSegment first = fixture.internals.commitLog().retainSegmentFor(0);
            ByteBuffer bytes = first.readBuffer();
            assertThat(bytes.getInt(4000)).isEqualTo(SEGMENT - 4000);
            assertThat(bytes.getInt(4004)).isEqualTo(0xCBD43194);
            first.release();
            assertThat(fixture.internals.commitLog().segments().count()).isEqualTo(2);
            assertThat(fixture.internals.commitLog().publishedPosition()).isEqualTo(SEGMENT + 1000);
        }
    }

    @Test
    void aRecordThatWouldLeaveLessThanThePaddingHeaderRolls() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord record = new TestRecord();
            assertThat(fixture.store.submit(record.set("T", 0, SEGMENT - 100, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            TestRecord second = new TestRecord().set("T", 0, 92, null);
            assertThat(fixture.store.submit(second.request())).isEqualTo(AppendStatus.ACCEPTED);
            TestRecord third = new TestRecord().set("T", 0, 100, null);
            assertThat(fixture.store.submit(third.request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.internals.appender().doWork();
            assertThat(second.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(third.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(second.physicalOffset).isEqualTo(SEGMENT - 100); // leaves exactly a blank header
            assertThat(third.physicalOffset).isEqualTo(SEGMENT);
            MappedSegment first = fixture.internals.commitLog().retainSegmentFor(0);
            assertThat(first.readBuffer().getInt(SEGMENT - 8)).isEqualTo(8);
            assertThat(first.readBuffer().getInt(SEGMENT - 4)).isEqualTo(0xCBD43194);
            first.release();
        }
    }

    @Test
    void aBatchGetsConsecutiveQueueOffsetsInOneSegment() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            fixture.store.submit(new TestRecord().set("T", 3, 3000, null).request());
            TestRecord batch = new TestRecord().batch("T", 3, null, 400, 500, 600);
            assertThat(fixture.store.submit(batch.request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            assertThat(batch.physicalOffset).isEqualTo(SEGMENT);
            assertThat(batch.queueOffset).isEqualTo(1);
            assertThat(fixture.store.maxOffset("T", 3)).isEqualTo(4);
        }
    }

    @Test
    void refusesWhatCannotBeAppendedWithAStatus() {
        StoreFixture fixture = new StoreFixture(StoreFixture.smallConfig(dir, FlushMode.ASYNC, SEGMENT, 64, 2));
        try (fixture) {
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, SEGMENT, null).request()))
                .isEqualTo(AppendStatus.RECORD_TOO_LARGE);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 4, null).request())).isEqualTo(AppendStatus.RECORD_INVALID);
            assertThat(fixture.store.submit(new TestRecord().set("../x", 0, 100, null).request())).isEqualTo(AppendStatus.BAD_QUEUE);
            assertThat(fixture.store.submit(new TestRecord().set("T", -1, 100, null).request())).isEqualTo(AppendStatus.BAD_QUEUE);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.BUSY);
            fixture.internals.appender().doWork();
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.files.usableSpace(0);
            fixture.clock.advanceMillis(10_000);
            fixture.internals.diskWatch().doWork();
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.DISK_FULL);
            fixture.internals.appender().doWork();
            fixture.files.usableSpace(-1);
            fixture.clock.advanceMillis(10_000);
            fixture.internals.diskWatch().doWork();
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.internals.appender().close();
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 100, null).request())).isEqualTo(AppendStatus.CLOSED);
        }
    }

    @Test
    void aQueuedRequestIsRefusedWhenTheDiskFillsBeforeItIsWritten() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord record = new TestRecord().set("T", 0, 100, null);
            fixture.store.submit(record.request());
            fixture.files.usableSpace(0);
            fixture.clock.advanceMillis(10_000);
            fixture.internals.diskWatch().doWork();
            fixture.internals.appender().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.DISK_FULL);
            assertThat(fixture.internals.commitLog().publishedPosition()).isZero();
        }
    }

    @Test
    void aWriterThatLiesAboutItsSizeLeavesNoTrace() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord bad = new TestRecord().set("T", 0, 100, null).lieAboutSize(1);
            TestRecord good = new TestRecord().set("T", 0, 120, null);
            fixture.store.submit(bad.request());
            fixture.store.submit(good.request());
            fixture.drain();
            assertThat(bad.status).isEqualTo(AppendStatus.RECORD_INVALID);
            assertThat(good.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(good.physicalOffset).isZero();
            assertThat(good.queueOffset).isZero();
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(1);
        }
    }
}
