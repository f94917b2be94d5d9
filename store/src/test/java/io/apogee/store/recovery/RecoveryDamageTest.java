package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random damage to a crash image's commit log (random bytes over a random range, anywhere in any segment):
 * recovery must either open the store with a log of valid records and consume queues that match it, or refuse
 * with {@link StoreCorruptedException}; never another exception, never a store that reads garbage. Seeded:
 * {@code -Dstore.seed=<seed>}; rounds: {@code -Dstore.damageRounds=<n>}.
 */
class RecoveryDamageTest {
    private static final int SEGMENT = 8 * 1024;
    private static final int DEFAULT_ROUNDS = 25;

    @TempDir
    Path dir;

    private final long seed = Long.getLong("store.seed", System.nanoTime());

    @Test
    void anyDamageEitherRecoversToAConsistentStoreOrIsReportedWithItsOffset() {
        System.out.println("RecoveryDamageTest seed " + seed);
        Random random = new Random(seed);
        int rounds = Integer.getInteger("store.damageRounds", DEFAULT_ROUNDS);
        int opened = 0;
        int refused = 0;
        for (int round = 0; round < rounds; round++) {
            Path live = dir.resolve("live" + round);
            Path image = dir.resolve("image" + round);
            StoreConfig liveConfig = StoreFixture.config(live, FlushMode.ASYNC, SEGMENT, 32);
            try (StoreFixture fixture = new StoreFixture(liveConfig)) {
                TestRecord record = new TestRecord();
                int count = 5 + random.nextInt(40);
                for (int i = 0; i < count; i++) {
                    fixture.store.submit(record.set("T" + random.nextInt(2), random.nextInt(3), TestRecord.MIN_SIZE
                        + random.nextInt(700), random.nextBoolean() ? "TagA" : null).keys("k" + random.nextInt(9)).request());
                    fixture.drain();
                    assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
                }
                CrashImages.copy(live, image);
            }
            List<Path> segments = CrashImages.segments(image);
            Path victim = segments.get(random.nextInt(segments.size()));
            damage(victim, random);
            try (StoreFixture fixture = StoreFixture.open(StoreFixture.config(image, FlushMode.ASYNC, SEGMENT, 32))) {
                StoreAudit.assertQueuesMatchLog(fixture.store);
                opened++;
            } catch (StoreCorruptedException refusedOpen) {
                assertThat(refusedOpen.offset()).isNotNegative();
                refused++;
            }
        }
        System.out.printf("RecoveryDamageTest: %d rounds, %d recovered, %d refused with an offset%n", rounds, opened, refused);
    }

    private static void damage(Path file, Random random) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            if (size == 0) {
                return;
            }
            int length = 1 + random.nextInt(64);
            long position = random.nextLong(size);
            byte[] bytes = new byte[(int) Math.min(length, size - position)];
            random.nextBytes(bytes);
            channel.write(ByteBuffer.wrap(bytes), position);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }
}
