package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A running store written by many threads at once, each submitting thread writing (and completing) when the write
 * turn is free and leaving its request to the holder when not: every record is in the log once, each queue's offsets are dense and in
 * the order of the log, each consume-queue unit points at its record, and a reader running meanwhile never meets a
 * record that is not whole.
 */
class RunToCompletionTest {
    private static final int WRITERS = 6;
    private static final int APPENDS_PER_WRITER = 1_500;
    private static final String[] TOPICS = {"A", "B", "C"};
    private static final int QUEUES_PER_TOPIC = 4;

    @TempDir
    Path dir;

    @Test
    void manyThreadsAppendingToManyQueuesLeaveEveryRecordOnceInDenseQueueOrder() throws InterruptedException {
        // small segments, so that writers meet segment rolls behind BLANK padding too
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, 1024);
        Queue<TestRecord> completed = new ConcurrentLinkedQueue<>();
        Queue<String> problems = new ConcurrentLinkedQueue<>();
        AtomicLong records = new AtomicLong();
        AtomicLong completedOnWriters = new AtomicLong();
        try (MessageStore store = MessageStore.create(config, new NioFileIo(), SystemClock.INSTANCE,
            (role, error) -> problems.add(role + ": " + error))) {
            store.start(() -> new BackoffIdleStrategy(1, 1, 1_000, 100_000));
            AtomicBoolean writing = new AtomicBoolean(true);
            Thread reader = Thread.ofPlatform().name("reader").start(() -> readWhileWritten(store, writing, problems));
            // each queue's file made first (the queue-file maker's work), so that the writers then write themselves
            int primed = primeQueues(store, completed, records);
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(Thread.ofPlatform().name("writer-" + w).start(() -> {
                    awaitQuietly(go);
                    for (int n = 0; n < APPENDS_PER_WRITER; n++) {
                        TestRecord record = append(writer, n);
                        record.onComplete = done -> {
                            if (Thread.currentThread().getName().startsWith("writer-")) {
                                completedOnWriters.incrementAndGet();
                            }
                            completed.add(done);
                        };
                        records.addAndGet(record.recordCount());
                        AppendStatus status;
                        while ((status = store.submit(record.request())) == AppendStatus.BUSY) {
                            Thread.onSpinWait();
                        }
                        if (status != AppendStatus.ACCEPTED) {
                            problems.add("refused: " + status);
                        }
                    }
                }));
            }
            go.countDown();
            for (Thread writer : writers) {
                writer.join();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (completed.size() < primed + WRITERS * APPENDS_PER_WRITER && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // a request left to the turn's holder completes on the holder's thread
            }
            writing.set(false);
            reader.join();
            assertThat(problems).isEmpty();
            assertThat(completed).hasSize(primed + WRITERS * APPENDS_PER_WRITER);
            assertThat(completedOnWriters.get()).as("written and completed by the submitting threads").isPositive();
            checkLogAndQueues(store, completed, records.get());
        }
    }

    /** Appends one record to every queue and waits for them; returns how many. */
    private static int primeQueues(MessageStore store, Queue<TestRecord> completed, AtomicLong records)
        throws InterruptedException {
        int queues = TOPICS.length * QUEUES_PER_TOPIC;
        CountDownLatch primed = new CountDownLatch(queues);
        for (String topic : TOPICS) {
            for (int queue = 0; queue < QUEUES_PER_TOPIC; queue++) {
                TestRecord record = new TestRecord().set(topic, queue, 300, "prime");
                record.onComplete = done -> {
                    completed.add(done);
                    primed.countDown();
                };
                records.incrementAndGet();
                assertThat(store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            }
        }
        assertThat(primed.await(30, TimeUnit.SECONDS)).isTrue();
        return queues;
    }

    /** Writer {@code writer}'s append {@code n}: single records of several sizes, and every seventh a batch. */
    private static TestRecord append(int writer, int n) {
        String topic = TOPICS[n % TOPICS.length];
        int queue = (writer + n) % QUEUES_PER_TOPIC;
        if (n % 7 == 0) {
            return new TestRecord().batch(topic, queue, "w" + writer, 220, 400, 260);
        }
        return new TestRecord().set(topic, queue, 200 + (n % 5) * 90, "w" + writer);
    }

    /** Every completed record is in its queue at the offset it was given, and no two records share a place. */
    private static void checkLogAndQueues(MessageStore store, Queue<TestRecord> completed, long records) {
        Map<String, Map<Long, Long>> placeByQueue = new HashMap<>();
        Set<Long> physical = new HashSet<>();
        for (TestRecord record : completed) {
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(record.completions).isEqualTo(1);
            long at = record.physicalOffset;
            for (int i = 0; i < record.recordCount(); i++) {
                assertThat(physical.add(at)).as("one record at " + at).isTrue();
                Map<Long, Long> places = placeByQueue.computeIfAbsent(record.topic() + "-" + record.queueId(),
                    key -> new HashMap<>());
                assertThat(places.put(record.queueOffset + i, at)).as("one record per queue offset").isNull();
                at += record.recordSize(i);
            }
        }
        assertThat(physical).hasSize((int) records);
        ReadResult result = new ReadResult(64);
        for (String topic : TOPICS) {
            for (int queue = 0; queue < QUEUES_PER_TOPIC; queue++) {
                Map<Long, Long> places = placeByQueue.get(topic + "-" + queue);
                assertThat(store.maxOffset(topic, queue)).as("dense offsets").isEqualTo(places.size());
                long offset = 0;
                long previous = -1;
                while (store.read(topic, queue, offset, 64, 1 << 20, TagFilter.ANY, result) == ReadStatus.FOUND) {
                    try {
                        for (int i = 0; i < result.count(); i++) {
                            long queueOffset = result.queueOffset(i);
                            assertThat(queueOffset).isEqualTo(offset + i);
                            assertThat(result.physicalOffset(i)).as("the unit points at its record")
                                .isEqualTo(places.get(queueOffset));
                            assertThat(result.physicalOffset(i)).as("queue order is log order").isGreaterThan(previous);
                            previous = result.physicalOffset(i);
                            assertThat(TestRecord.verify(result.buffer(i), result.position(i), result.size(i), queue,
                                queueOffset, result.physicalOffset(i))).isTrue();
                        }
                        offset = result.nextOffset();
                    } finally {
                        result.release();
                    }
                }
                assertThat(offset).isEqualTo(places.size());
            }
        }
    }

    /** Reads every queue over and over while the writers run; a record seen must be whole and where its unit says. */
    private static void readWhileWritten(MessageStore store, AtomicBoolean writing, Queue<String> problems) {
        ReadResult result = new ReadResult(32);
        long[] next = new long[TOPICS.length * QUEUES_PER_TOPIC];
        while (writing.get()) {
            for (int t = 0; t < TOPICS.length; t++) {
                for (int queue = 0; queue < QUEUES_PER_TOPIC; queue++) {
                    int slot = t * QUEUES_PER_TOPIC + queue;
                    if (store.read(TOPICS[t], queue, next[slot], 32, 1 << 20, TagFilter.ANY, result) != ReadStatus.FOUND) {
                        continue;
                    }
                    try {
                        for (int i = 0; i < result.count(); i++) {
                            if (!TestRecord.verify(result.buffer(i), result.position(i), result.size(i), queue,
                                result.queueOffset(i), result.physicalOffset(i))) {
                                problems.add("partial record at " + result.physicalOffset(i));
                            }
                        }
                        next[slot] = result.nextOffset();
                    } finally {
                        result.release();
                    }
                }
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
