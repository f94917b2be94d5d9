package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.apogee.store.StoreInternals;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;

/**
 * Jazzer over crash recovery. One valid crash image (a store copied while open, three queues, records of random
 * sizes across several segments) is made once; each input copies it, then applies up to eight fuzzer-chosen
 * truncations, byte flips and overwrites to the segment holding the end of the log, near that end. Opening the copy
 * must either recover (every record left in the log validates, CRC included; every queue read returns only records
 * that validate; the consume queues match the log exactly; the log is no longer than before) or refuse with a
 * {@link StoreCorruptedException} naming an offset. Anything else is a finding. Surefire sets {@code JAZZER_FUZZ=1},
 * so the build fuzzes for the duration below; {@code -Djazzer.fuzz=0} skips the fuzzing.
 */
class RecoveryFuzzTest {
    private static final int SEGMENT = 8 * 1024;
    private static final int UNITS = 32;
    private static final int RECORDS = 60;
    private static final int MAX_DAMAGES = 8;
    private static final int DAMAGE_REACH = 2048;
    private static final AtomicLong RUNS = new AtomicLong();
    private static final AtomicLong RECOVERED = new AtomicLong();
    private static final AtomicLong REFUSED = new AtomicLong();
    private static Image image;

    /** The template crash image, where the log ends and in which file. */
    private record Image(Path root, Path tail, long tailEnd, long logEnd) {
    }

    @FuzzTest(maxDuration = "12s")
    void recoveryYieldsAValidConsistentPrefixOrReportsTheOffset(FuzzedDataProvider data) throws IOException {
        Image template = template();
        RUNS.incrementAndGet();
        Path copy = Files.createTempDirectory("apogee-recovery-fuzz");
        try {
            CrashImages.copy(template.root(), copy);
            Path tail = copy.resolve("commitlog").resolve(template.tail().getFileName().toString());
            int damages = data.consumeInt(1, MAX_DAMAGES);
            for (int i = 0; i < damages && data.remainingBytes() > 0; i++) {
                damage(tail, template.tailEnd(), data);
            }
            recoverAndCheck(copy, template.logEnd());
        } finally {
            delete(copy);
        }
    }

    private static void recoverAndCheck(Path root, long logEnd) {
        try (StoreFixture fixture = StoreFixture.open(config(root))) {
            MessageStore store = fixture.store;
            assertThat(new StoreInternals(store).commitLog().publishedPosition()).isLessThanOrEqualTo(logEnd);
            StoreAudit.assertQueuesMatchLog(store);
            readEveryQueue(store);
            RECOVERED.incrementAndGet();
        } catch (StoreCorruptedException refused) {
            assertThat(refused.offset()).isNotNegative();
            REFUSED.incrementAndGet();
        }
    }

    /** Reads every queue from its first offset: each record returned must validate, CRC included. */
    private static void readEveryQueue(MessageStore store) {
        RecordValidator validator = new RecordValidator(store.config().commitLog().maxRecordSize());
        ReadResult result = new ReadResult(16);
        for (LogicalQueue queue : new StoreInternals(store).queues().all()) {
            long offset = queue.units().minOffset();
            while (offset < queue.units().maxOffset()) {
                ReadStatus status = store.read(queue.topic(), queue.queueId(), offset, 16, Long.MAX_VALUE, TagFilter.ANY,
                    result);
                try {
                    assertThat(status).isEqualTo(ReadStatus.FOUND);
                    for (int i = 0; i < result.count(); i++) {
                        ByteBuffer buffer = result.buffer(i);
                        int at = result.position(i);
                        assertThat(validator.check(buffer, at, at + result.size(i), true)).isEqualTo(RecordStatus.VALID);
                    }
                    assertThat(result.nextOffset()).isGreaterThan(offset);
                    offset = result.nextOffset();
                } finally {
                    result.release();
                }
            }
        }
    }

    private static void damage(Path file, long tailEnd, FuzzedDataProvider data) throws IOException {
        long from = Math.max(0, tailEnd - DAMAGE_REACH);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            switch (data.consumeInt(0, 2)) {
                case 0 -> channel.truncate(data.consumeLong(from, size));
                case 1 -> {
                    if (size > 0) {
                        long position = data.consumeLong(Math.min(from, size - 1), size - 1);
                        ByteBuffer one = ByteBuffer.allocate(1);
                        channel.read(one, position);
                        one.put(0, (byte) (one.get(0) ^ data.consumeInt(1, 255)));
                        channel.write(one.rewind(), position);
                    }
                }
                default -> {
                    long position = data.consumeLong(from, Math.max(from, tailEnd + 64));
                    channel.write(ByteBuffer.wrap(data.consumeBytes(64)), position);
                }
            }
        }
    }

    private static StoreConfig config(Path root) {
        return StoreFixture.config(root, FlushMode.ASYNC, SEGMENT, UNITS);
    }

    /** Writes the template store once per JVM and copies it while open, as a crash leaves it. */
    private static synchronized Image template() throws IOException {
        if (image != null) {
            return image;
        }
        Path base = Files.createTempDirectory("apogee-recovery-fuzz-template");
        Path live = base.resolve("live");
        Path root = base.resolve("image");
        Random random = new Random(RECORDS);
        long logEnd;
        try (StoreFixture fixture = new StoreFixture(config(live))) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < RECORDS; i++) {
                fixture.store.submit(record.set("T" + random.nextInt(2), random.nextInt(2), TestRecord.MIN_SIZE
                    + random.nextInt(600), random.nextBoolean() ? "TagA" : null).keys("k" + random.nextInt(9)).request());
                fixture.drain();
                assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
                if (i == RECORDS / 2) {
                    fixture.internals.checkpointer().writeNow(); // half the log lies before the checkpoint
                }
            }
            logEnd = fixture.internals.commitLog().publishedPosition();
            CrashImages.copy(live, root);
        }
        List<Path> segments = CrashImages.segments(root);
        long tailBase = (logEnd / SEGMENT) * SEGMENT;
        Path tail = segments.stream().filter(path -> Long.parseLong(path.getFileName().toString()) == tailBase)
            .findFirst().orElseThrow();
        image = new Image(root, tail, logEnd - tailBase, logEnd);
        return image;
    }

    @AfterAll
    static void report() {
        System.out.println("recovery fuzz inputs: " + RUNS.get() + ", recovered: " + RECOVERED.get() + ", refused with an offset: "
            + REFUSED.get());
        if (image != null) {
            delete(image.root().getParent());
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }
}
