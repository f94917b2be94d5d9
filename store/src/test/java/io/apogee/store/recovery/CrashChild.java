package io.apogee.store.recovery;

import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The child JVM of {@link CrashRecoveryTest}: opens (recovers) the store, runs every agent on its own thread and
 * appends from several producer threads until it is killed. Each acknowledged append is printed as
 * {@code A <topic> <queueId> <queueOffset> <physicalOffset> <size> <key>} and flushed before anything else is printed,
 * so the parent knows of an acknowledgement only if it really happened.
 *
 * <p>Arguments: store root, flush mode, segment size, seed.
 */
public final class CrashChild {
    static final String[] TOPICS = {"Crash", "Kill"};
    static final int QUEUES = 4;
    static final int PRODUCERS = 4;
    static final int UNITS = 1024;
    private static final long PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private CrashChild() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        Path root = Path.of(args[0]);
        FlushMode mode = FlushMode.valueOf(args[1]);
        int segmentSize = Integer.parseInt(args[2]);
        long seed = Long.parseLong(args[3]);
        PrintStream out = System.out;
        StoreConfig config = StoreConfig.defaults(root, mode).withSmallFiles(segmentSize, UNITS);
        MessageStore store = MessageStore.open(config, new NioFileIo(), SystemClock.INSTANCE,
            (role, error) -> error.printStackTrace());
        System.err.println("recovered: " + store.recoveryReport());
        store.start(() -> new BackoffIdleStrategy(1, 1, PARK_NANOS, PARK_NANOS));
        for (int p = 0; p < PRODUCERS; p++) {
            Random random = new Random(seed + p);
            String keyPrefix = "k" + seed + "-" + p + "-";
            Thread producer = new Thread(() -> produce(store, random, out, keyPrefix), "producer-" + p);
            producer.start();
        }
    }

    private static void produce(MessageStore store, Random random, PrintStream out, String keyPrefix) {
        for (long sequence = 0; ; sequence++) {
            String key = keyPrefix + sequence;
            TestRecord record = new TestRecord().set(TOPICS[random.nextInt(TOPICS.length)], random.nextInt(QUEUES),
                TestRecord.MIN_SIZE + random.nextInt(2000), random.nextBoolean() ? "TagA" : null).keys(key);
            record.onComplete = done -> {
                if (done.status == AppendStatus.APPENDED) {
                    synchronized (out) {
                        out.println("A " + done.topic() + " " + done.queueId() + " " + done.queueOffset + " "
                            + done.physicalOffset + " " + done.totalSize() + " " + key);
                        out.flush();
                    }
                }
            };
            AppendStatus status;
            while ((status = store.submit(record.request())) == AppendStatus.BUSY) {
                Thread.onSpinWait();
            }
            if (status != AppendStatus.ACCEPTED) {
                System.err.println("refused: " + status);
                return;
            }
        }
    }
}
