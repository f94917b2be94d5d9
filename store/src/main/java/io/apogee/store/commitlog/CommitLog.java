package io.apogee.store.commitlog;

import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentPreallocator;
import io.apogee.store.file.SegmentSet;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The commit log's files and positions: the segments, the preallocator of the next one, the published position
 * (every byte below it is a complete record or padding, readable by anyone) and the flushed position (every byte
 * below it is on the device).
 *
 * <p>Threads: {@link #publish} is called by the appender only, {@link #flushed(long)} by the flusher only; the
 * positions are volatile and readable by any thread; readers retain segments with {@link #retainSegmentFor}.
 */
public final class CommitLog implements AutoCloseable {
    private final SegmentSet segments;
    private final SegmentPreallocator preallocator;
    private final CommitLogConfig config;
    private volatile long publishedPosition;
    private volatile long flushedPosition;

    /**
     * @param io        the fenced door to the disk
     * @param directory where the segment files live
     * @param config    the settings
     */
    public CommitLog(FencedIo io, Path directory, CommitLogConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.segments = new SegmentSet(io, directory, config.segmentSize());
        this.preallocator = new SegmentPreallocator(segments, config.pretouch(),
            config.flushMode() == FlushMode.SYNC, "apogee-commitlog-preallocator");
    }

    /** The settings. */
    public CommitLogConfig config() {
        return config;
    }

    /** The segments. */
    public SegmentSet segments() {
        return segments;
    }

    /** The agent that prepares the next segment. */
    public SegmentPreallocator preallocator() {
        return preallocator;
    }

    /** Sets both positions after loading or recovery, before the appender and flusher run. */
    public void resumeAt(long position) {
        publishedPosition = position;
        preallocator.writerAt(position);
        flushedPosition = position;
        long base = segments.baseOf(position);
        // a new log (or one whose next record starts a new segment) has its first segment prepared too
        preallocator.prepare(segments.segmentFor(position) == null ? base : base + config.segmentSize());
    }

    /**
     * Begins an empty log at {@code offset}, a segment's start: a replica whose master no longer holds its log from 0.
     * The published position moves there (nothing lies below it), and the segment starting there is prepared. The
     * appender only, while the log holds no segment.
     */
    void beginAt(long offset) {
        if (segments.count() != 0 || segments.baseOf(offset) != offset) {
            throw new IllegalStateException("a log can begin only empty and at a segment's start: " + offset);
        }
        publish(offset);
        preallocator.prepare(offset);
    }

    /** The first offset still held (0 for an empty log). */
    public long minOffset() {
        return segments.startOffset(0);
    }

    /** One past the last published byte: the next record goes here. */
    public long publishedPosition() {
        return publishedPosition;
    }

    /** Every byte below this is on the device. */
    public long flushedPosition() {
        return flushedPosition;
    }

    /** Makes everything below {@code position} readable. Appender only. */
    void publish(long position) {
        publishedPosition = position;
        preallocator.writerAt(position);
    }

    /** Records that everything below {@code position} is on the device. Flusher only. */
    void flushed(long position) {
        flushedPosition = position;
    }

    /** The segment holding {@code offset}, retained for the caller to release; null when deleted or not yet written. */
    public MappedSegment retainSegmentFor(long offset) {
        return segments.retainSegmentFor(offset);
    }

    /** Unmaps the segments (after readers are done). */
    @Override
    public void close() {
        preallocator.onClose();
        segments.close();
    }
}
