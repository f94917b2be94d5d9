package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.store.read.TagHashSet;
import io.apogee.wire.message.TagsCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random appends of random sizes over many queues, interleaved in random order with the agents' cycles, then reads
 * at random offsets with random limits and tag filters, checked against a model. Replay a failure with
 * {@code -Dapogee.seed=<seed printed>}.
 */
class MessageStorePropertyTest {
    private static final String[] TOPICS = {"Alpha", "Beta", "%RETRY%group"};
    private static final int QUEUES_PER_TOPIC = 4;
    private static final int SEGMENT = 16 * 1024;
    private static final int UNITS = 32;
    private static final String[] TAGS = {null, "TagA", "TagB", "TagC"};

    @TempDir
    Path dir;

    private record Stored(long physical, int size, long tags) {
    }

    @Test
    void readsMatchTheModelAfterRandomAppendsAndRolls() {
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        System.out.println("MessageStorePropertyTest seed " + seed + " (replay with -Dapogee.seed=" + seed + ")");
        Random random = new Random(seed);
        List<List<Stored>> model = new ArrayList<>();
        for (int i = 0; i < TOPICS.length * QUEUES_PER_TOPIC; i++) {
            model.add(new ArrayList<>());
        }
        try (StoreFixture fixture = new StoreFixture(StoreFixture.smallConfig(dir, FlushMode.ASYNC, SEGMENT, UNITS, 64))) {
            List<TestRecord> pending = new ArrayList<>();
            int appended = 0;
            while (appended < 1500) {
                int action = random.nextInt(10);
                if (action < 6) {
                    TestRecord record = randomRecord(random);
                    AppendStatus status = fixture.store.submit(record.request());
                    if (status == AppendStatus.ACCEPTED) {
                        pending.add(record);
                    } else {
                        assertThat(status).isEqualTo(AppendStatus.BUSY);
                    }
                } else if (action < 8) {
                    fixture.internals.appender().doWork();
                    appended += collect(pending, model);
                } else {
                    fixture.internals.dispatcher().doWork();
                    fixture.internals.flusher().doWork();
                    fixture.clock.advanceMillis(random.nextInt(300));
                    checkRandomRead(fixture, random, model, seed);
                }
            }
            fixture.drain();
            collect(pending, model);
            assertThat(pending).isEmpty();
            assertThat(fixture.internals.commitLog().segments().count()).isGreaterThan(5);
            for (int i = 0; i < 2000; i++) {
                checkRandomRead(fixture, random, model, seed);
            }
            assertThat(fixture.errors.totalCount()).isZero();
        }
    }

    private static TestRecord randomRecord(Random random) {
        int queue = random.nextInt(TOPICS.length * QUEUES_PER_TOPIC);
        String topic = TOPICS[queue / QUEUES_PER_TOPIC];
        String tags = TAGS[random.nextInt(TAGS.length)];
        TestRecord record = new TestRecord();
        if (random.nextInt(10) == 0) {
            int[] sizes = new int[1 + random.nextInt(4)];
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = TestRecord.MIN_SIZE + random.nextInt(600);
            }
            return record.batch(topic, queue % QUEUES_PER_TOPIC, tags, sizes);
        }
        int size = random.nextInt(20) == 0 ? 2000 + random.nextInt(4000) : TestRecord.MIN_SIZE + random.nextInt(400);
        return record.set(topic, queue % QUEUES_PER_TOPIC, size, tags);
    }

    /** Moves completed records into the model, in completion order; returns how many records were appended. */
    private static int collect(List<TestRecord> pending, List<List<Stored>> model) {
        int records = 0;
        for (var iterator = pending.iterator(); iterator.hasNext(); ) {
            TestRecord record = iterator.next();
            if (record.completions == 0) {
                continue;
            }
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            int queue = indexOf(record.topic()) * QUEUES_PER_TOPIC + record.queueId();
            List<Stored> stored = model.get(queue);
            assertThat(record.queueOffset).isEqualTo(stored.size());
            long physical = record.physicalOffset;
            for (int i = 0; i < record.recordCount(); i++) {
                stored.add(new Stored(physical, record.recordSize(i), tagsOf(record)));
                physical += record.recordSize(i);
                records++;
            }
            iterator.remove();
        }
        return records;
    }

    private static long tagsOf(TestRecord record) {
        return record.tags();
    }

    private static int indexOf(String topic) {
        for (int i = 0; i < TOPICS.length; i++) {
            if (TOPICS[i].equals(topic)) {
                return i;
            }
        }
        throw new IllegalArgumentException(topic);
    }

    private static void checkRandomRead(StoreFixture fixture, Random random, List<List<Stored>> model, long seed) {
        int queue = random.nextInt(model.size());
        String topic = TOPICS[queue / QUEUES_PER_TOPIC];
        int queueId = queue % QUEUES_PER_TOPIC;
        long max = fixture.store.maxOffset(topic, queueId);
        List<Stored> stored = model.get(queue);
        assertThat(max).isLessThanOrEqualTo(stored.size());
        long offset = max == 0 ? random.nextInt(3) : random.nextLong(max + 2);
        int maxMessages = 1 + random.nextInt(40);
        long maxBytes = random.nextBoolean() ? Long.MAX_VALUE : 1 + random.nextInt(8000);
        TagFilter filter = TagFilter.ANY;
        long wanted = 0;
        boolean filtered = random.nextBoolean();
        if (filtered) {
            wanted = TagsCode.of(TAGS[random.nextInt(TAGS.length)]);
            filter = new TagHashSet().add((int) wanted);
        }
        ReadResult result = new ReadResult(32);
        ReadStatus status = fixture.store.read(topic, queueId, offset, maxMessages, maxBytes, filter, result);
        String context = "seed " + seed + " queue " + topic + "-" + queueId + " offset " + offset + " max " + max;
        if (max == 0) {
            assertThat(status).as(context).isIn(ReadStatus.QUEUE_NOT_FOUND, ReadStatus.NO_MESSAGE_IN_QUEUE);
            return;
        }
        if (offset >= max) {
            assertThat(status).as(context)
                .isEqualTo(offset == max ? ReadStatus.OFFSET_OVERFLOW_ONE : ReadStatus.OFFSET_OVERFLOW_BADLY);
            assertThat(result.nextOffset()).as(context).isEqualTo(offset == max ? offset : max);
            return;
        }
        int limit = Math.min(maxMessages, result.capacity());
        long next = offset;
        int count = 0;
        long bytes = 0;
        long end = Math.min(max, offset + fixture.store.config().readMaxScan());
        while (next < end) {
            Stored entry = stored.get((int) next);
            if (count > 0 && (count >= limit || bytes + entry.size() > maxBytes)) {
                break;
            }
            next++;
            if (!filtered || (int) entry.tags() == (int) wanted) {
                assertThat(result.count()).as(context).isGreaterThan(count);
                assertThat(result.queueOffset(count)).as(context).isEqualTo(next - 1);
                assertThat(result.physicalOffset(count)).as(context).isEqualTo(entry.physical());
                assertThat(TestRecord.verify(result.buffer(count), result.position(count), entry.size(), queueId, next - 1,
                    entry.physical())).as(context).isTrue();
                count++;
                bytes += entry.size();
            }
        }
        assertThat(result.count()).as(context).isEqualTo(count);
        assertThat(status).as(context).isEqualTo(count > 0 ? ReadStatus.FOUND : ReadStatus.NO_MATCHED_MESSAGE);
        assertThat(result.nextOffset()).as(context).isEqualTo(next);
        result.release();
    }
}
