package io.apogee.store;

import io.apogee.common.agent.Agent;
import io.apogee.store.commitlog.Appender;
import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.commitlog.Flusher;
import io.apogee.store.dispatch.Dispatcher;
import io.apogee.store.file.FencedIo;
import io.apogee.store.index.MessageIndex;
import io.apogee.store.queue.QueueTable;
import io.apogee.store.recovery.Checkpointer;
import io.apogee.store.retention.DiskSpaceWatch;
import io.apogee.store.retention.SegmentRetention;
import java.util.List;

/**
 * The test hook into a {@link MessageStore}: its agents and parts, for tests that drive the agents by calling
 * {@code doWork()} or look at a part's state. It opens up the store's package-private accessors to the tests of
 * every store package; main code has no such door.
 *
 * <p>Thread-safe as the parts are: an agent belongs to the one thread that drives it.
 */
public final class StoreInternals {
    private final MessageStore store;

    /** The parts of {@code store}. */
    public StoreInternals(MessageStore store) {
        this.store = store;
    }

    /** The agents in their thread groups, as {@link MessageStore#start} runs them. */
    public List<Agent> agents() {
        return store.agents();
    }

    /** The appender agent. */
    public Appender appender() {
        return store.appender();
    }

    /** The flusher agent. */
    public Flusher flusher() {
        return store.flusher();
    }

    /** The dispatcher agent. */
    public Dispatcher dispatcher() {
        return store.dispatcher();
    }

    /** The disk-space agent. */
    public DiskSpaceWatch diskWatch() {
        return store.diskWatch();
    }

    /** The checkpoint agent. */
    public Checkpointer checkpointer() {
        return store.checkpointer();
    }

    /** The retention agent. */
    public SegmentRetention retention() {
        return store.retention();
    }

    /** The commit log. */
    public CommitLog commitLog() {
        return store.commitLog();
    }

    /** The queues. */
    public QueueTable queues() {
        return store.queues();
    }

    /** The message index. */
    public MessageIndex index() {
        return store.index();
    }

    /** The fenced door to the disk. */
    public FencedIo io() {
        return store.io();
    }
}
