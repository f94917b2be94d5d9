package io.apogee.store;

import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.ManualClock;
import io.apogee.store.commitlog.CommitLogConfig;
import io.apogee.store.commitlog.FlushMode;
import java.nio.file.Path;

/** A store with small files, a manual clock and recording file I/O, driven by calling the agents' doWork. */
public final class StoreFixture implements AutoCloseable {
    /** The start of test time. */
    public static final long START_MILLIS = 1_700_000_000_000L;

    public final ManualClock clock = new ManualClock(START_MILLIS);
    public final RecordingFileIo files = new RecordingFileIo();
    public final DistinctErrorLog errors = new DistinctErrorLog(clock, 16, (role, error) -> { });
    public final MessageStore store;
    /** The store's agents and parts. */
    public final StoreInternals internals;

    /** A store in {@code root} with {@code segmentSize}-byte log segments and {@code units}-unit queue files. */
    public StoreFixture(Path root, FlushMode mode, int segmentSize, int units) {
        this(StoreConfig.defaults(root, mode).withSmallFiles(segmentSize, units));
    }

    /** A new store with {@code config}. */
    public StoreFixture(StoreConfig config) {
        this(config, false);
    }

    private StoreFixture(StoreConfig config, boolean existing) {
        store = existing ? MessageStore.open(config, files, clock, errors) : MessageStore.create(config, files, clock, errors);
        internals = new StoreInternals(store);
    }

    /** Opens (recovers) the store in {@code config.root()}. */
    public static StoreFixture open(StoreConfig config) {
        return new StoreFixture(config, true);
    }

    /** The settings used by the two-argument constructor. */
    public static StoreConfig config(Path root, FlushMode mode, int segmentSize, int units) {
        return StoreConfig.defaults(root, mode).withSmallFiles(segmentSize, units);
    }

    /** A config with small files and a small ring. */
    public static StoreConfig smallConfig(Path root, FlushMode mode, int segmentSize, int units, int ringCapacity) {
        StoreConfig base = StoreConfig.defaults(root, mode).withSmallFiles(segmentSize, units);
        CommitLogConfig log = base.commitLog().withRingCapacity(ringCapacity);
        return base.withCommitLog(log);
    }

    /** Runs appender, flusher and dispatcher once each; returns the work done. */
    public int cycle() {
        return internals.appender().doWork() + internals.flusher().doWork() + internals.dispatcher().doWork();
    }

    /** Cycles until nothing is left to do. */
    public void drain() {
        while (cycle() > 0) {
            // keep going
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
