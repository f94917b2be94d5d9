package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.ManualClock;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.store.read.TagHashSet;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes allocated per append, dispatch and read in steady state (no segment roll), counted by the JVM for the one
 * thread that drives every agent. Deterministic: nothing is timed.
 */
class SteadyStateAllocationTest {
    private static final int ASYNC_MESSAGES = 20_000;
    /** SYNC forces once per message here (one writer): fewer, to keep the test short. */
    private static final int SYNC_MESSAGES = 2_000;
    private static final int RECORD_SIZE = 300;
    private static final int QUEUES = 8;
    /** Every record carries keys, so the message index is fed too. */
    private static final String KEYS = "order-1 customer-2";
    private static final String UNIQUE_KEY = "7F0000010001ABCDEF";

    @TempDir
    Path dir;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void appendDispatchAndReadAllocateNothingPerMessage() {
        for (FlushMode mode : FlushMode.values()) {
            ManualClock clock = new ManualClock(StoreFixture.START_MILLIS);
            StoreConfig config = StoreConfig.defaults(dir.resolve(mode.name()), mode).withSmallFiles(64 << 20, 100_000)
                .withIndex(1 << 16, 1 << 18);
            DistinctErrorLog errors = new DistinctErrorLog(clock, 8, (role, error) -> error.printStackTrace());
            try (MessageStore store = MessageStore.create(config, new NioFileIo(), clock, errors)) {
                int messages = mode == FlushMode.SYNC ? SYNC_MESSAGES : ASYNC_MESSAGES;
                Driver driver = new Driver(store, clock);
                driver.run(messages);
                long before = allocatedBytes();
                driver.run(messages);
                long total = allocatedBytes() - before;
                long perMessage = total / messages;
                System.out.printf("%s: %d bytes allocated in %d append+dispatch+read cycles (%d per message)%n", mode, total,
                    messages, perMessage);
                assertThat(errors.totalCount()).isZero();
                assertThat(perMessage).as(mode + " bytes per message").isLessThanOrEqualTo(1);
            }
        }
    }

    /** Appends one record to each queue in turn, runs the agents, and reads back each new record. */
    private static final class Driver {
        private final MessageStore store;
        private final ManualClock clock;
        private final TestRecord record = new TestRecord();
        private final ReadResult result = new ReadResult(32);
        private final TagHashSet tags = new TagHashSet().addTag("TagA");
        private final String[] topics = {"TopicA", "TopicB"};
        private final long[] nextRead = new long[QUEUES];

        Driver(MessageStore store, ManualClock clock) {
            this.store = store;
            this.clock = clock;
        }

        void run(int messages) {
            for (int i = 0; i < messages; i++) {
                int queue = i % QUEUES;
                String topic = topics[queue & 1];
                record.set(topic, queue, RECORD_SIZE, "TagA").keys(KEYS).uniqueKey(UNIQUE_KEY);
                if (store.submit(record.request()) != AppendStatus.ACCEPTED) {
                    throw new AssertionError("refused");
                }
                store.appender().doWork();
                store.flusher().doWork();
                store.dispatcher().doWork();
                if (record.status != AppendStatus.APPENDED) {
                    throw new AssertionError("not appended: " + record.status);
                }
                TagFilter filter = (i & 1) == 0 ? TagFilter.ANY : tags;
                if (store.read(topic, queue, nextRead[queue], 32, Long.MAX_VALUE, filter, result) != ReadStatus.FOUND) {
                    throw new AssertionError("not found");
                }
                nextRead[queue] = result.nextOffset();
                result.release();
                if (i % 1000 == 0) {
                    clock.advanceMillis(1);
                }
            }
        }
    }
}
