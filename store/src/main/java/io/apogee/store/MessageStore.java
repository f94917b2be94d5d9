package io.apogee.store;

import io.apogee.common.agent.Agent;
import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.CompositeAgent;
import io.apogee.common.agent.Doorbell;
import io.apogee.common.agent.ErrorHandler;
import io.apogee.common.agent.IdleStrategy;
import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.agent.SleepingIdleStrategy;
import io.apogee.common.time.Clock;
import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.Appender;
import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.store.commitlog.ReplicaStatus;
import io.apogee.store.commitlog.Flusher;
import io.apogee.store.commitlog.ReplicaWait;
import io.apogee.store.dispatch.DispatchRing;
import io.apogee.store.dispatch.Dispatcher;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.FileIo;
import io.apogee.store.file.StoreIoException;
import io.apogee.store.index.MessageIndex;
import io.apogee.store.queue.ArrivalListener;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueMappings;
import io.apogee.store.queue.QueueTable;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.LogTimestamps;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.QueueReader;
import io.apogee.store.read.UnitScan;
import io.apogee.store.read.UnitVisitor;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.store.recovery.Checkpointer;
import io.apogee.store.recovery.IndexRebuild;
import io.apogee.store.recovery.RecoveryReport;
import io.apogee.store.recovery.ShutdownMarker;
import io.apogee.store.recovery.StoreCorruptedException;
import io.apogee.store.recovery.StoreRecovery;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.store.retention.DiskSpaceWatch;
import io.apogee.store.retention.SegmentRetention;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The store as the broker sees it: {@link #submit} appends with a completion, {@link #read} serves PULL,
 * {@link #maxOffset}/{@link #minOffset}/{@link #offsetForTimestamp} answer the offset requests,
 * {@link #awaitArrival} holds long polls, {@link #statistics()} reports. It wires its parts and, once
 * {@link #start started}, runs its agents on threads of its own; it hands out operations, never its parts. Tests
 * that drive the agents by hand reach them through the package-private test hook ({@code appender()} and its
 * siblings), which the store's test sources open up.
 *
 * <p>Threads: every public method is safe for any thread; the agents each belong to one thread.
 */
public final class MessageStore implements AutoCloseable {
    /** Idle cycles a store thread spins before it sleeps (about a microsecond). */
    private static final int SLEEP_AFTER_SPINS = 20;

    private final StoreConfig config;
    private final DiskFence fence;
    private final FencedIo io;
    private final CommitLog log;
    private final QueueTable queues;
    private final Appender appender;
    private final Flusher flusher;
    private final Dispatcher dispatcher;
    private final DiskSpaceWatch diskWatch;
    private final QueueReader reader;
    private final Checkpointer checkpointer;
    private final MessageIndex index;
    private final SegmentRetention retention;
    private final RecoveryReport recovery;
    private final ErrorHandler errors;
    private final List<AgentRunner> runners = new ArrayList<>();
    /** Rings the flusher's thread once the store runs (a SYNC_MASTER's slave confirmed more). */
    private volatile Runnable wakeFlusher = () -> { };

    private MessageStore(StoreConfig config, FileIo files, Clock clock, ErrorHandler errors, boolean mustBeNew,
        TagsCodeRule tagsCodeRule, long cutLogAt) {
        this.config = config;
        this.errors = Objects.requireNonNull(errors, "errors");
        this.fence = new DiskFence();
        this.io = new FencedIo(files, fence);
        io.createDirectories(config.root());
        io.createDirectories(config.commitLogDirectory());
        io.createDirectories(config.metadataDirectory());
        if (mustBeNew && !io.list(config.commitLogDirectory()).isEmpty()) {
            throw new IllegalStateException("store already holds a commit log (use open): " + config.root());
        }
        this.log = new CommitLog(io, config.commitLogDirectory(), config.commitLog());
        this.queues = new QueueTable(io, config.queueDirectory(), config.queueUnitsPerSegment(), tagsCodeRule,
            new QueueMappings(config.maxMappedQueueFiles()));
        this.index = new MessageIndex(io, config.indexDirectory(), config.indexSlots(), config.indexEntries());
        try {
            index.load();
            this.recovery = new StoreRecovery(io, config.root(), log, queues, List.of(new IndexRebuild(index)))
                .recover(cutLogAt);
        } catch (RuntimeException failure) {
            index.close();
            queues.close();
            log.close();
            throw failure;
        }
        ShutdownMarker.markRunning(io, config.root());
        DispatchRing ring = new DispatchRing(config.dispatchRingCapacity());
        this.diskWatch = new DiskSpaceWatch(io, config.root(), clock, config.maxDiskUsedRatio(),
            config.diskCheckIntervalMillis());
        this.appender = new Appender(log, ring, queues, clock, fence, diskWatch, errors);
        this.flusher = new Flusher(log, appender, clock, fence, errors);
        this.dispatcher = new Dispatcher(ring, clock, fence, index, log.segments(),
            config.queueFlushIntervalMillis(), config.dispatchBatch(), log.publishedPosition());
        this.checkpointer = new Checkpointer(io, config.root(), clock, config.queueFlushIntervalMillis(),
            log::flushedPosition, dispatcher::forcedOffset);
        this.reader = new QueueReader(queues, log, config.readMaxScan());
        this.retention = new SegmentRetention(log, queues, index, diskWatch, clock, config.retention(),
            dispatcher::dispatchedOffset);
        diskWatch.doWork();
    }

    /**
     * Opens a new, empty store in {@code config.root()}: a directory that already holds commit-log files is refused
     * (use {@link #open} for those).
     *
     * @throws IllegalStateException when the directory already holds a commit log
     * @throws StoreIoException      when the disk fails
     */
    public static MessageStore create(StoreConfig config, FileIo files, Clock clock, ErrorHandler errors) {
        Objects.requireNonNull(config, "config");
        return new MessageStore(config, files, clock, errors, true, TagsCodeRule.TAG_HASH, StoreRecovery.NO_CUT);
    }

    /**
     * Opens the store in {@code config.root()}, creating it when empty and recovering it otherwise: the fast path
     * after a clean close, validation of the log past the checkpoint after a crash (see {@link StoreRecovery}).
     * What recovery found is in {@link #recoveryReport()}.
     *
     * @throws StoreCorruptedException when data the store had made durable is damaged (with its offset)
     * @throws StoreIoException        when the disk fails
     */
    public static MessageStore open(StoreConfig config, FileIo files, Clock clock, ErrorHandler errors) {
        Objects.requireNonNull(config, "config");
        return open(config, files, clock, errors, TagsCodeRule.TAG_HASH);
    }

    /**
     * Like {@link #open(StoreConfig, FileIo, Clock, ErrorHandler)}, with the rule for the consume queues' tags-code
     * slot (the broker's rule puts the delivery time there for the schedule topic). Open a store with the rule it was
     * written with: recovery rewrites the units it replays by it.
     */
    public static MessageStore open(StoreConfig config, FileIo files, Clock clock, ErrorHandler errors,
        TagsCodeRule tagsCodeRule) {
        Objects.requireNonNull(config, "config");
        return new MessageStore(config, files, clock, errors, false, tagsCodeRule, StoreRecovery.NO_CUT);
    }

    /**
     * Like {@link #open(StoreConfig, FileIo, Clock, ErrorHandler, TagsCodeRule)}, but first cuts the commit log at
     * {@code cutLogAt}, a record boundary, with the consume-queue units and index entries of the records past it: a
     * slave's divergent tail, cut before it follows a new master (docs/failover.md). The cut is made durable before
     * the store takes any write. An offset at or past the log's end cuts nothing.
     *
     * @throws IllegalStateException when {@code cutLogAt} lies before the log's first offset
     */
    public static MessageStore openCutAt(StoreConfig config, FileIo files, Clock clock, ErrorHandler errors,
        TagsCodeRule tagsCodeRule, long cutLogAt) {
        Objects.requireNonNull(config, "config");
        if (cutLogAt < 0) {
            throw new IllegalArgumentException("cut offset below 0: " + cutLogAt);
        }
        return new MessageStore(config, files, clock, errors, false, tagsCodeRule, cutLogAt);
    }

    /** What recovery found and did when the store was opened. */
    public RecoveryReport recoveryReport() {
        return recovery;
    }

    /** The settings. */
    public StoreConfig config() {
        return config;
    }

    /**
     * Runs the agents, each group on a thread of its own that waits with an idle strategy from {@code idleStrategies}
     * and reports errors to the store's error handler, and has {@link #submit} run to completion: the submitting
     * thread writes the record and its consume-queue unit and completes it (see {@link Appender}). The groups: the
     * dispatcher (key index, consume-queue forces) with the appender as a backstop (it writes what a submitting
     * thread left when the hand-over was full), the flusher, and the housekeeping agents (the maker of new
     * consume-queue files, segment preallocator and pretoucher, disk watch, checkpointer, retention). In ASYNC mode the flusher joins the housekeeping thread; in
     * SYNC mode it has its own, so a segment being prepared never delays an acknowledgement. {@link #close()} stops
     * them, waiting {@link AgentRunner#DEFAULT_STOP_MILLIS} at most for each. Call once; tests that drive the agents by
     * hand do not call it.
     *
     * @return the number of threads started
     */
    public int start(Supplier<IdleStrategy> idleStrategies) {
        return start(idleStrategies, AgentRunner.DEFAULT_STOP_MILLIS);
    }

    /** Like {@link #start(Supplier)}, with {@link #close()} waiting at most {@code stopMillis} for each agent. */
    public int start(Supplier<IdleStrategy> idleStrategies, long stopMillis) {
        return startGroups((agent, doorbell) -> idleStrategies.get(), stopMillis);
    }

    /**
     * Like {@link #start(Supplier)}, each thread sleeping until its agents' next work: timed work (a flush, a
     * checkpoint, a disk check) when it is due, and work from other threads when they ring its doorbell (the
     * dispatcher when its hand-over fills a quarter, the flusher after each SYNC batch, the preallocator when a
     * segment is wanted). An idle store wakes about twice a second.
     */
    public int start() {
        return startGroups((agent, doorbell) -> new SleepingIdleStrategy(agent, doorbell, SLEEP_AFTER_SPINS),
            AgentRunner.DEFAULT_STOP_MILLIS);
    }

    private synchronized int startGroups(BiFunction<SleepingAgent, Doorbell, IdleStrategy> idleStrategies,
        long stopMillis) {
        if (!runners.isEmpty()) {
            throw new IllegalStateException("the store's agents already run");
        }
        List<Agent> groups = agents();
        Doorbell[] doorbells = new Doorbell[groups.size()];
        for (int i = 0; i < doorbells.length; i++) {
            doorbells[i] = new Doorbell();
        }
        // the groups: the dispatcher's first, the housekeeping last; the flusher second (SYNC) or in the last (ASYNC)
        Doorbell housekeeping = doorbells[doorbells.length - 1];
        log.preallocator().wakeWith(housekeeping::ring);
        Doorbell dispatch = doorbells[0];
        appender.runToCompletion(dispatch::ring, () -> dispatch.ringUnlessWakingWithin(Dispatcher.MAX_INDEX_DELAY_NANOS),
            doorbells[1]::ring);
        wakeFlusher = doorbells[1]::ring;
        if (config.queueFilesInBackground()) {
            appender.makeQueueFilesInBackground(housekeeping::ring);
        }
        for (int i = 0; i < doorbells.length; i++) {
            SleepingAgent group = (SleepingAgent) groups.get(i);
            AgentRunner runner = new AgentRunner(group, idleStrategies.apply(group, doorbells[i]), errors, stopMillis);
            runners.add(runner);
            runner.start();
        }
        return runners.size();
    }

    /**
     * Prepares the segment the next append goes to, on the calling thread, so that the first appends after start do
     * not wait for it (a load test's warm start). Call before {@link #start}.
     */
    public void prepareFirstSegment() {
        long next = log.publishedPosition();
        if (log.segments().segmentFor(next) != null) {
            return; // the log's last segment still has room: the appender writes there first
        }
        long base = log.segments().baseOf(next);
        if (!log.preallocator().isReady(base)) {
            log.preallocator().prepare(base);
        }
        while (!log.preallocator().isPrepared(base) && !fence.isFailed()) {
            log.preallocator().doWork();
        }
    }

    /** Stops every agent's thread; false when one is still running after its bound. */
    private synchronized boolean stopAgents() {
        boolean stopped = true;
        for (AgentRunner runner : runners) {
            stopped &= runner.stop();
        }
        if (stopped) {
            runners.clear();
        }
        return stopped;
    }

    /** The agents in their thread groups (see {@link #start}). */
    List<Agent> agents() {
        // the queue-file maker first: sends to a new queue wait for it, and the others' duty cycles are short
        List<Agent> housekeeping = List.of(appender.queueFileMaker(), log.preallocator(), diskWatch, checkpointer,
            retention);
        Agent dispatch = new CompositeAgent(List.of(dispatcher, appender));
        if (flusher.completes()) { // acknowledgements wait on the flusher: no housekeeping cycle may delay them
            return List.of(dispatch, flusher, new CompositeAgent(housekeeping));
        }
        List<Agent> flushAndHousekeeping = new ArrayList<>(housekeeping);
        flushAndHousekeeping.addFirst(flusher);
        return List.of(dispatch, new CompositeAgent(flushAndHousekeeping));
    }

    /**
     * The bytes of the small file {@code name} in the metadata directory, or null when it does not exist. The store
     * lends the directory and keeps none of its files: their owner (the broker's tables, a service's checkpoint) reads
     * and replaces them here, through the fenced disk.
     *
     * @throws StoreIoException when the disk fails (the store is fenced)
     */
    public byte[] readMetadataFile(String name) {
        return io.readAll(config.metadataDirectory().resolve(name));
    }

    /**
     * Replaces the small file {@code name} in the metadata directory with {@code content}, atomically.
     *
     * @throws StoreIoException when the disk fails (the store is fenced)
     */
    public void writeMetadataFile(String name, ByteBuffer content) {
        io.writeAtomically(config.metadataDirectory().resolve(name), content);
    }

    /** A snapshot of the store's counters, positions, disk use and failure state. */
    public StoreStatistics statistics() {
        Map<String, Long> puts = new HashMap<>();
        for (LogicalQueue queue : queues.all()) {
            puts.merge(queue.topic(), queue.units().maxOffset(), Long::sum);
        }
        return new StoreStatistics(puts, log.minOffset(), log.publishedPosition(), dispatcher.dispatchedOffset(),
            flusher.flushedPosition(), index.indexedEnd(), diskWatch.usedRatio(), diskWatch.totalBytes(),
            diskWatch.usableBytes(), fence.failure());
    }

    /** What failed the store (read-only until restart), or null while it is healthy. Any thread; one volatile read. */
    public DiskFence.Failure failure() {
        return fence.failure();
    }

    /**
     * The store timestamp of the {@code size}-byte record at commit-log offset {@code physicalOffset}, or -1 when the
     * log no longer (or not yet) holds it.
     */
    public long storeTimestamp(long physicalOffset, int size) {
        return new LogTimestamps(log).storeTimestamp(physicalOffset, size);
    }

    /** The store timestamp of the commit log's first record, or -1 when it holds none. */
    public long earliestStoreTimestamp() {
        return storeTimestamp(log.minOffset(), StoredRecord.MIN_RECORD_SIZE);
    }

    /**
     * Tells {@code visitor} the consume-queue units of the queue from {@code from} up to {@code to}; see
     * {@link UnitScan#scan}. Returns {@code from} for an unknown queue.
     */
    public long scanUnits(String topic, int queueId, long from, long to, UnitVisitor visitor) {
        LogicalQueue queue = queues.get(topic, queueId);
        return queue == null ? from : UnitScan.scan(queue.units(), from, to, visitor);
    }

    /** Test hook: the appender agent. */
    Appender appender() {
        return appender;
    }

    /** Test hook: the flusher agent. */
    Flusher flusher() {
        return flusher;
    }

    /** Test hook: the dispatcher agent. */
    Dispatcher dispatcher() {
        return dispatcher;
    }

    /** Test hook: the disk-space agent. */
    DiskSpaceWatch diskWatch() {
        return diskWatch;
    }

    /** Test hook: the checkpoint agent. */
    Checkpointer checkpointer() {
        return checkpointer;
    }

    /** Test hook: the retention agent. */
    SegmentRetention retention() {
        return retention;
    }

    /** Test hook: the commit log (positions, segments, preallocator). */
    CommitLog commitLog() {
        return log;
    }

    /**
     * Deletes {@code topic}'s consume queues (DELETE_TOPIC): they leave the queue table now, and the appender
     * deletes their files and empty directories on its next write turn (their mappings end once readers are done). The
     * records stay in the commit log until retention; a topic of the same name made later starts at offset 0.
     *
     * @return how many queues the topic had
     */
    public int deleteTopic(String topic) {
        LogicalQueue[] removed = queues.removeTopic(topic);
        appender.deleteTopic(topic, removed);
        return removed.length;
    }

    /** Test hook: the queues. */
    QueueTable queues() {
        return queues;
    }

    /** Test hook: the message index. */
    MessageIndex index() {
        return index;
    }

    /** Test hook: the fenced door to the disk. */
    FencedIo io() {
        return io;
    }

    /** Appends submitted and not yet completed (or, in SYNC mode, not yet released by the flusher). Any thread. */
    public long appendsInFlight() {
        return appender.inFlight();
    }

    /** Queues an append; see {@link Appender#submit}. */
    public AppendStatus submit(AppendRequest request) {
        return appender.submit(request);
    }

    /** One past the last published commit-log byte: a master's max offset, what a replica may ask for. Any thread. */
    public long logEnd() {
        return log.publishedPosition();
    }

    /** The first commit-log offset still held (0 for an empty log). Any thread. */
    public long logStart() {
        return log.minOffset();
    }

    /**
     * Up to {@code maxBytes} published commit-log bytes from {@code offset}, lent from their mapped segment for a
     * replica (never past the segment's end), or null when none are there; see {@link LogSlice}. Any thread.
     */
    public LogSlice sliceLog(long offset, int maxBytes) {
        return LogSlice.of(log, offset, maxBytes);
    }

    /**
     * A replica's append of commit-log bytes its master sent, at {@link #replicaEnd()}, or where an empty replica's log
     * begins ({@link #replicaMayBeginAt}); see {@link Appender#appendReplicated}. The one thread that replicates into
     * this store.
     */
    public ReplicaStatus appendReplicated(long offset, ByteBuffer bytes) {
        return appender.appendReplicated(offset, bytes);
    }

    /**
     * Whether this replica holds no byte yet and {@link #appendReplicated} would begin its log at {@code offset}: a
     * segment's start above 0, where a master begins a slave whose log it no longer holds from 0. The one thread that
     * replicates into this store.
     */
    public boolean replicaMayBeginAt(long offset) {
        return appender.replicaMayBeginAt(offset);
    }

    /**
     * Makes this store a SYNC_MASTER's: a written request is acknowledged only once a slave also confirmed its records
     * ({@link ReplicaWait}), in either flush mode; the one who updates the gate calls {@link #replicasMoved} after.
     * Call before {@link #start}.
     */
    public synchronized void awaitReplicas(ReplicaWait wait) {
        if (!runners.isEmpty()) {
            throw new IllegalStateException("the store's agents already run");
        }
        flusher.awaitReplicas(wait);
        appender.awaitReplicas();
    }

    /**
     * Runs {@code listener} after each batch of appended records is published, on the thread that wrote them; it must
     * return at once (a master's HA sender wakes on it). Any thread.
     */
    public void onLogGrowth(Runnable listener) {
        appender.onLogGrowth(listener);
    }

    /** Wakes the completion of requests waiting for slaves: their confirmations or connections changed. Any thread. */
    public void replicasMoved() {
        wakeFlusher.run();
    }

    /**
     * Makes this store a slave's replica: every {@link #submit} is refused with {@link AppendStatus#REPLICA_ONLY} from
     * now on, so that nothing but the master's bytes enters its log. Call before the broker takes requests.
     */
    public void replicaOnly() {
        appender.replicaOnly();
    }

    /**
     * Controller mode's minInSyncReplicas: while {@code enough} is false, every {@link #submit} is refused with
     * {@link AppendStatus#IN_SYNC_REPLICAS_NOT_ENOUGH} and nothing is written. Any thread.
     */
    public void enoughReplicas(boolean enough) {
        appender.enoughReplicas(enough);
    }

    /**
     * Where a replica's next bytes must start: past every byte received, a record cut at the end included. The
     * replicating thread.
     */
    public long replicaEnd() {
        return appender.replicaEnd();
    }

    /**
     * A reader of single records for the calling thread: VIEW_MESSAGE_BY_ID, QUERY_MESSAGE by key or unique key, a
     * record at a commit-log offset. Keep one per thread; see {@link MessageLookup}.
     */
    public MessageLookup newLookup() {
        return new MessageLookup(log, index);
    }

    /** Reads a queue for PULL; see {@link QueueReader#read}. */
    public ReadStatus read(String topic, int queueId, long offset, int maxMessages, long maxBytes, TagFilter filter,
        ReadResult result) {
        return reader.read(topic, queueId, offset, maxMessages, maxBytes, filter, result);
    }

    /**
     * Has the first consume-queue files of queues 0 to {@code queueCount - 1} of {@code topic} made in the background
     * (a topic just created or given more queues), so its first sends find them; sends that come first park behind.
     * Queues that have files are left alone; does nothing unless the running store makes files in the background.
     */
    public void prepareQueueFiles(String topic, int queueCount) {
        if (!QueueTable.isValidQueue(topic, 0)) {
            return;
        }
        List<LogicalQueue> prepared = new ArrayList<>(queueCount);
        for (int queueId = 0; queueId < queueCount && QueueTable.isValidQueue(topic, queueId); queueId++) {
            prepared.add(queues.getOrCreate(topic, queueId));
        }
        appender.prepareQueueFiles(prepared);
    }

    /** The queue's max offset (exclusive: the next offset to be written); 0 for an unknown queue. */
    public long maxOffset(String topic, int queueId) {
        LogicalQueue queue = queues.get(topic, queueId);
        return queue == null ? 0 : queue.units().maxOffset();
    }

    /** The queue's min offset; 0 for an unknown queue. */
    public long minOffset(String topic, int queueId) {
        LogicalQueue queue = queues.get(topic, queueId);
        return queue == null ? 0 : queue.units().minOffset();
    }

    /**
     * SEARCH_OFFSET_BY_TIMESTAMP: see {@link io.apogee.store.queue.ConsumeQueue#offsetForTimestamp}, reading each
     * probed record's store timestamp from the commit log; 0 for an unknown queue.
     */
    public long offsetForTimestamp(String topic, int queueId, long timestamp, boolean upper) {
        LogicalQueue queue = queues.get(topic, queueId);
        return queue == null ? 0 : queue.units().offsetForTimestamp(timestamp, upper, new LogTimestamps(log));
    }

    /**
     * Long polling: returns false when a message at or after {@code offset} is already there (or the topic is not
     * a valid name, so the caller's read answers at once), true when {@code listener} will be told when one arrives
     * (a missing queue with a valid name is created).
     */
    public boolean awaitArrival(String topic, int queueId, long offset, ArrivalListener listener) {
        if (!QueueTable.isValidQueue(topic, queueId)) {
            return false; // the read the caller makes now answers QUEUE_NOT_FOUND, as read does for such a name
        }
        return queues.getOrCreate(topic, queueId).awaitArrival(offset, listener);
    }

    /** Drops a waiting listener (its long poll timed out); false if it was already told. */
    public boolean cancelArrival(String topic, int queueId, ArrivalListener listener) {
        LogicalQueue queue = queues.get(topic, queueId);
        return queue != null && queue.waiters().remove(listener);
    }

    /**
     * Refuses new appends, writes and forces what was queued, dispatches and forces every consume-queue unit, writes
     * the final checkpoint and marks the close as clean (so the next open takes the fast path), then unmaps the files.
     * The agents' threads, when {@link #start started}, are stopped first. A fenced store is only unmapped: its next
     * open recovers. An agent that has not stopped within its bound (reported with its stack) may still write: then
     * nothing is drained and no file is closed or unmapped under it; the files stay mapped until the process ends,
     * and the next open recovers. The owners of metadata files write theirs before this, while the disk is open.
     */
    @Override
    public void close() {
        appender.close();
        if (!stopAgents()) {
            return;
        }
        appender.seal(); // a submitting thread still writing finishes first; nothing writes after this thread
        try {
            if (!fence.isFailed()) {
                while (appender.doWork() + flusher.doWork() + dispatcher.doWork() > 0) {
                    flusher.flushAll(); // drain what was queued before the close, forced whatever the policy
                }
                flusher.flushAll();
                dispatcher.flushNow(0);
                checkpointer.writeNow();
                ShutdownMarker.markClosed(io, config.root());
            }
        } finally {
            index.close();
            queues.close();
            log.close();
        }
    }
}
