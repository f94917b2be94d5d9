package io.apogee.bench;

import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.retention.RetentionConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A store in a temporary directory with its agents running on the threads {@link MessageStore#start} starts,
 * for the store benchmarks and the load tool. Segments are deleted as soon as they are forced and dispatched, so
 * the disk use stays bounded however long a run lasts; {@link #close()} deletes the directory.
 *
 * <p>Threads: opened and closed by one thread; the store itself is safe for any thread.
 */
public final class StoreBenchSetup implements AutoCloseable {
    /** The segment size of benchmark stores: big enough that rolls are rare, small enough for a loaded disk. */
    public static final int SEGMENT_SIZE = 256 << 20;
    private static final int UNITS_PER_QUEUE_FILE = 300_000;
    private static final long PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final int SPINS = 100;
    private static final int YIELDS = 10;

    private final Path root;
    /** The flusher's thread, named after its role (its own thread in SYNC mode). */
    private static final String FLUSHER = "apogee-flusher";

    private final MessageStore store;
    private final CountingFileIo files;
    private final int agentThreads;

    /**
     * Opens a fresh store and starts its agents.
     *
     * @param mode   the flush mode
     * @param retain whether segments are kept (a read benchmark needs them) rather than deleted once flushed
     */
    public StoreBenchSetup(FlushMode mode, boolean retain) {
        try {
            root = Files.createTempDirectory(Path.of(System.getProperty("store.dir", System.getProperty("java.io.tmpdir"))),
                "apogee-store-bench");
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
        // small log segments keep a run's disk use bounded; the message index keeps RocketMQ's file dimensions, as
        // the small test index would roll a file every few thousand records
        StoreConfig config = StoreConfig.defaults(root, mode).withSmallFiles(SEGMENT_SIZE, UNITS_PER_QUEUE_FILE)
            .withIndex(StoreConfig.DEFAULT_INDEX_SLOTS, StoreConfig.DEFAULT_INDEX_ENTRIES);
        if (!retain) {
            config = config.withRetention(new RetentionConfig(0, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, 0,
                RetentionConfig.DEFAULT_MAX_DELETES_PER_CHECK));
        }
        files = new CountingFileIo(new NioFileIo(), config.commitLogDirectory(), FLUSHER);
        store = MessageStore.open(config, files, SystemClock.INSTANCE, (role, error) -> error.printStackTrace());
        // the first segment is prepared (touched, and in SYNC mode written out) before the load starts, as every
        // later one is while the previous one fills
        store.prepareFirstSegment();
        // SYNC: the broker's sleeping agents, woken by their doorbells; agents polling every 50 us take the cores
        // from the flusher, whose each wake-up late is an acknowledgement late for every waiting writer
        agentThreads = mode == FlushMode.SYNC ? store.start()
            : store.start(() -> new BackoffIdleStrategy(SPINS, YIELDS, PARK_NANOS, PARK_NANOS));
    }

    /** The running store. */
    public MessageStore store() {
        return store;
    }

    /** The flusher's forces of the commit log so far (SYNC mode; in ASYNC it shares the housekeeping thread). */
    public long logForces() {
        return files.forces();
    }

    /** How many threads run the store's agents. */
    public int agentThreads() {
        return agentThreads;
    }

    /** Stops the agents, closes the store and deletes its files. */
    @Override
    public void close() {
        store.close();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }
}
