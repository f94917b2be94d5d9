package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.store.commitlog.ReplicaStatus;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica store fed with a master's commit-log bytes, in frames that cut records anywhere: its log is the master's
 * byte for byte, and its consume queues and key index are built from the records as the master's were.
 */
class ReplicatedAppendTest {
    private static final int SEGMENT = 64 << 10;
    private static final String[] TOPICS = {"orders", "audit", "T"};

    @TempDir
    Path dir;

    @Test
    void aReplicaFedInOddFramesHoldsTheMastersLogQueuesAndKeys() throws IOException {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        System.out.println("ReplicatedAppendTest seed " + seed);
        try (StoreFixture master = new StoreFixture(dir.resolve("master"), FlushMode.ASYNC, SEGMENT, 64);
             StoreFixture replica = new StoreFixture(dir.resolve("replica"), FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 600; i++) {
                String topic = TOPICS[random.nextInt(TOPICS.length)];
                master.store.submit(record.set(topic, random.nextInt(3), 200 + random.nextInt(800), "tag" + (i % 5))
                    .keys("K" + i).uniqueKey("U" + i).request());
                master.drain();
            }
            long end = master.store.logEnd();
            assertThat(end).as("seed %d: the log spans segments", seed).isGreaterThan(3L * SEGMENT);

            long offset = 0;
            while (offset < end) {
                try (LogSlice slice = master.store.sliceLog(offset, 1 + random.nextInt(3000))) {
                    assertThat(slice.bytes().isReadOnly()).isTrue();
                    int length = slice.bytes().remaining();
                    assertThat(replica.store.appendReplicated(offset, slice.bytes())).isEqualTo(ReplicaStatus.APPENDED);
                    offset += length;
                }
                assertThat(replica.store.replicaEnd()).isEqualTo(offset);
                assertThat(replica.store.logEnd()).isLessThanOrEqualTo(offset);
                replica.drain();
            }
            assertThat(master.store.sliceLog(end, 100)).isNull();
            assertThat(replica.store.logEnd()).isEqualTo(end);
            assertSameLog(master, replica, end);
            for (String topic : TOPICS) {
                for (int queueId = 0; queueId < 3; queueId++) {
                    assertSameQueue(master.store, replica.store, topic, queueId);
                }
            }
            MessageLookup lookup = replica.store.newLookup();
            ReadResult result = new ReadResult(4);
            assertThat(lookup.query(record.topic(), "K599", 0, Long.MAX_VALUE, 4, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.physicalOffset(0)).isEqualTo(record.physicalOffset);
            result.release();
        }
    }

    @Test
    void aReplicaRefusesSubmitsAndBytesThatDoNotStartAtItsEnd() {
        try (StoreFixture master = new StoreFixture(dir.resolve("master"), FlushMode.ASYNC, SEGMENT, 64);
             StoreFixture replica = new StoreFixture(dir.resolve("replica"), FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord record = new TestRecord();
            master.store.submit(record.set("T", 0, 300, null).request());
            master.store.submit(record.set("T", 0, 300, null).request());
            master.drain();
            replica.store.replicaOnly();
            assertThat(replica.store.submit(record.set("T", 0, 300, null).request())).isEqualTo(AppendStatus.REPLICA_ONLY);
            try (LogSlice second = master.store.sliceLog(300, 300)) {
                assertThat(replica.store.appendReplicated(300, second.bytes())).isEqualTo(ReplicaStatus.OFFSET_MISMATCH);
            }
            assertThat(replica.store.replicaEnd()).isZero();
            try (LogSlice second = master.store.sliceLog(300, 300)) {
                // the right place in the frame's header, but the record itself names offset 300: stale or foreign bytes
                assertThat(replica.store.appendReplicated(0, second.bytes())).isEqualTo(ReplicaStatus.CORRUPT);
            }
            assertThat(replica.store.replicaEnd()).isZero();
            assertThat(replica.store.logEnd()).isZero();
            try (LogSlice both = master.store.sliceLog(0, 600)) {
                assertThat(replica.store.appendReplicated(0, both.bytes())).isEqualTo(ReplicaStatus.APPENDED);
            }
            assertThat(replica.store.logEnd()).isEqualTo(600);
            assertThat(replica.store.maxOffset("T", 0)).isEqualTo(2);
        }
    }

    private static void assertSameLog(StoreFixture master, StoreFixture replica, long end) throws IOException {
        Path masterLog = master.store.config().commitLogDirectory();
        Path replicaLog = replica.store.config().commitLogDirectory();
        for (long base = 0; base < end; base += SEGMENT) {
            String name = String.format("%020d", base);
            byte[] expected = Files.readAllBytes(masterLog.resolve(name));
            byte[] actual = Files.readAllBytes(replicaLog.resolve(name));
            int length = (int) Math.min(SEGMENT, end - base);
            assertThat(Arrays.mismatch(expected, 0, length, actual, 0, length)).as("first differing byte of %s", name)
                .isEqualTo(-1);
        }
    }

    private static void assertSameQueue(MessageStore master, MessageStore replica, String topic, int queueId) {
        long max = master.maxOffset(topic, queueId);
        assertThat(replica.maxOffset(topic, queueId)).as(topic + "-" + queueId).isEqualTo(max);
        ReadResult expected = new ReadResult(1024);
        ReadResult actual = new ReadResult(1024);
        master.read(topic, queueId, 0, 1024, Long.MAX_VALUE, TagFilter.ANY, expected);
        replica.read(topic, queueId, 0, 1024, Long.MAX_VALUE, TagFilter.ANY, actual);
        assertThat(actual.count()).isEqualTo(expected.count()).isEqualTo((int) max);
        for (int i = 0; i < expected.count(); i++) {
            assertThat(actual.physicalOffset(i)).isEqualTo(expected.physicalOffset(i));
            assertThat(actual.slice(i)).isEqualTo(expected.slice(i));
            assertThat(new StoredRecord().wrap(actual.slice(i), 0).queueOffset()).isEqualTo(i);
        }
        expected.release();
        actual.release();
    }
}
