package io.apogee.cli.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.store.commitlog.ReplicaStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apogee store verify} over a store written by Apogee's MessageStore, intact and then damaged one way at a time. */
class VerifyCommandTest {
    @TempDir
    Path dir;
    WrittenStore store;

    @BeforeEach
    void write() throws IOException {
        store = WrittenStore.write(dir);
    }

    @Test
    void aStoreWrittenByTheMessageStoreVerifiesClean() {
        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("0 problems; 30 records (9000 bytes)", "2 topics, 3 queues, 30 queue units",
            "30 index entries");
        assertThat(run.code()).isZero();
    }

    @Test
    void theJsonReportHasTheTotals() throws IOException {
        JsonNode report = new JsonMapper().readTree(WrittenStore.run("verify", "--json", dir.toString()).out());

        assertThat(report.path("healthy").asBoolean()).isTrue();
        assertThat(report.path("problems").size()).isZero();
        assertThat(report.path("totals").path("records").asLong()).isEqualTo(WrittenStore.RECORDS);
        assertThat(report.path("totals").path("queues").asInt()).isEqualTo(3);
    }

    @Test
    void aFlippedBodyByteIsReportedWithItsRecordsOffset() throws IOException {
        long offset = store.records.get(17).physicalOffset;
        flip(store.logFile(offset), WrittenStore.position(offset) + WrittenStore.BODY_AT + 3);

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains(name(offset) + " @" + WrittenStore.position(offset)
            + ": body CRC mismatch (record at physical offset " + offset + ")");
        assertThat(run.out()).contains("1 problems; 30 records");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aBadMagicIsReportedAndTheRecordsAfterItAreStillRead() throws IOException {
        long offset = store.records.get(3).physicalOffset;
        try (FileChannel channel = FileChannel.open(store.logFile(offset), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(4).putInt(0, 0x12345678), WrittenStore.position(offset) + 4);
        }

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains(name(offset) + " @" + WrittenStore.position(offset) + ": bad magic code");
        assertThat(run.out()).contains("29 records"); // the walk found the next record and read on
        assertThat(run.out()).contains("(queue offset 1, commit-log offset " + offset + ") points at no record");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aTruncatedRecordIsReported() throws IOException {
        long offset = store.records.get(WrittenStore.RECORDS - 1).physicalOffset;
        try (FileChannel channel = FileChannel.open(store.logFile(offset), StandardOpenOption.WRITE)) {
            channel.truncate(WrittenStore.position(offset) + 100);
        }

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains(name(offset) + " @" + WrittenStore.position(offset)
            + ": truncated record: total size 300 but 100 bytes remain in the file");
        assertThat(run.out()).contains(name(offset) + ": file of " + (WrittenStore.position(offset) + 100) + " bytes");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aConsumeQueueUnitPointingPastTheLogIsReported() throws IOException {
        Path queueFile = dir.resolve("consumequeue/B/0/00000000000000000000");
        int units = WrittenStore.RECORDS / 3;
        try (FileChannel channel = FileChannel.open(queueFile, StandardOpenOption.WRITE)) {
            ByteBuffer unit = ByteBuffer.allocate(20).putLong(0, 1_000_000).putInt(8, 300).putLong(12, 0);
            channel.write(unit, units * 20L);
        }

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("consumequeue/B/0/00000000000000000000 @" + units * 20
            + ": unit (queue offset " + units + ", commit-log offset 1000000) points past the log's end");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aDamagedMetadataJsonIsReported() throws IOException {
        Files.writeString(dir.resolve("config/topics.json"), "{\"topicConfigTable\": {\"A\": ");

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("config/topics.json @").contains("not JSON");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void anOffsetOfAnUnknownQueueIsReported() throws IOException {
        Files.writeString(dir.resolve("config/consumer-offsets.conf"), "# apogee consumer-offsets v1\ng1\tB\t4\t2\n");

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("consumer offset of g1 names queue 4 of B, which has 1 queues");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void anIndexEntryPointingAtARecordWithoutItsKeyIsReported() throws IOException {
        Path indexFile = Files.list(dir.resolve("index")).sorted().findFirst().orElseThrow();
        int firstEntry = 40 + 1024 * 4;
        long other = store.records.get(1).physicalOffset;
        try (FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(8).putLong(0, other), firstEntry + 4);
        }

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("index/" + indexFile.getFileName() + " @" + firstEntry
            + ": entry 1 (commit-log offset " + other + "): no key of the record hashes to");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aDamagedCheckpointIsReported() throws IOException {
        flip(dir.resolve("checkpoint"), 10);

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("checkpoint @0: damaged checkpoint (length, magic, version or CRC)");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void rocketMqOffsetsWithUnquotedQueueIdsAreCheckedAgainstItsTopicTable() throws IOException {
        Files.writeString(dir.resolve("config/topics.json"), "{\"topicConfigTable\":{\"C\":{\"topicName\":\"C\","
            + "\"readQueueNums\":2,\"writeQueueNums\":2}},\"dataVersion\":{\"counter\":1}}");
        Files.writeString(dir.resolve("config/consumerOffset.json"), "{\"offsetTable\":{\"C@g2\":{0:4,7:2},\"D@g2\":{0:1}}}");

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains("config/consumerOffset.json: consumer offset of C@g2 names queue 7 of C, which has 2 queues",
            "config/consumerOffset.json: consumer offset of D@g2 names unknown topic D").contains(" 2 problems; ");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aQueueOffsetThatSkipsIsReported() throws IOException {
        long offset = store.records.get(6).physicalOffset; // A/0, queue offset 2
        try (FileChannel channel = FileChannel.open(store.logFile(offset), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(8).putLong(0, 5), WrittenStore.position(offset) + 20);
        }

        WrittenStore.Run run = WrittenStore.run("verify", dir.toString());

        assertThat(run.out()).contains(name(offset) + " @" + WrittenStore.position(offset)
            + ": queue offset 5 of A/0 where 2 should follow", "(queue offset 2, commit-log offset " + offset
            + ") points at the record of queue offset 5");
        assertThat(run.code()).isEqualTo(StoreCommand.PROBLEMS);
    }

    @Test
    void aReplicaWhoseLogBeganAboveZeroVerifiesClean(@TempDir Path late) {
        int segment = WrittenStore.SEGMENT_SIZE;
        try (StoreFixture master = new StoreFixture(late.resolve("master"), FlushMode.ASYNC, segment, 16);
             StoreFixture replica = new StoreFixture(late.resolve("replica"), FlushMode.ASYNC, segment, 16)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 60; i++) {
                master.store.submit(record.set(i % 2 == 0 ? "A" : "B", i % 3, 300, "Tag" + (i % 2)).keys("k" + i)
                    .request());
                master.drain();
            }
            long end = master.store.logEnd();
            long offset = end - end % segment - segment; // the log begins at the segment before the master's last
            replica.store.replicaOnly();
            while (offset < end) {
                try (LogSlice slice = master.store.sliceLog(offset, segment)) {
                    int length = slice.bytes().remaining();
                    assertThat(replica.store.appendReplicated(offset, slice.bytes())).isEqualTo(ReplicaStatus.APPENDED);
                    offset += length;
                }
                replica.drain();
            }
            assertThat(replica.store.logStart()).isPositive();
            assertThat(replica.store.minOffset("A", 0)).isPositive();
        }

        WrittenStore.Run run = WrittenStore.run("verify", late.resolve("replica").toString());

        assertThat(run.out()).contains("0 problems");
        assertThat(run.code()).isZero();
    }

    @Test
    void verifyingWritesNothing() throws IOException {
        long before = lastModified();

        WrittenStore.run("verify", dir.toString());

        assertThat(lastModified()).isEqualTo(before);
    }

    @Test
    void aDirectoryThatIsNoStoreIsAUsageError() {
        WrittenStore.Run run = WrittenStore.run("verify", dir.resolve("nothing").toString());

        assertThat(run.code()).isEqualTo(StoreCommand.USAGE);
        assertThat(run.err()).contains("not a store directory");
        assertThat(WrittenStore.run("verify").code()).isEqualTo(StoreCommand.USAGE);
    }

    private long lastModified() throws IOException {
        try (var files = Files.walk(dir)) {
            return files.mapToLong(file -> file.toFile().lastModified()).max().orElse(0);
        }
    }

    private static String name(long offset) {
        return "commitlog/" + String.format(Locale.ROOT, "%020d", offset / WrittenStore.SEGMENT_SIZE * WrittenStore.SEGMENT_SIZE);
    }

    private static void flip(Path file, int position) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, position);
            one.put(0, (byte) (one.get(0) ^ 0x5A));
            channel.write(one.rewind(), position);
        }
    }
}
