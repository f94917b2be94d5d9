package io.apogee.store.file;

import io.apogee.common.agent.SleepingAgent;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Prepares the next segment of a log before the writer needs it: maps the file and, optionally, touches every
 * page so that the writer's first writes to it do not fault. When the writer rolls faster than the agent runs,
 * it maps the segment itself.
 *
 * <p>Threads: {@link #take(long)} is called by the log's single writer; {@link #doWork()} by the agent's
 * thread (or by a test). The hand-over is guarded by this object's monitor, taken once per segment.
 */
public final class SegmentPreallocator implements SleepingAgent {
    private static final long NONE = -1;
    /** Bytes touched per duty cycle: about a millisecond of page faults, so agents sharing the thread keep going. */
    private static final int TOUCH_CHUNK = 1 << 20;
    /** Bytes touched and forced per cycle: small writes, so the writer's syncs never queue behind a long one. */
    private static final int FORCED_CHUNK = 256 << 10;
    /** How far the forced preparation runs ahead of the writer: a quarter segment, at most this. */
    private static final int MAX_FORCED_LEAD = 16 << 20;

    private final SegmentSet segments;
    private final boolean pretouch;
    private final boolean forceTouched;
    private final String roleName;
    /** Zeros for the forced preparation, which lays pages out with the file's write call (null when not forcing). */
    private final ByteBuffer zeros;
    private long wanted = NONE;
    private MappedSegment ready;
    private int touchedTo;
    private volatile long writerPosition;
    private volatile Runnable wake = () -> { };
    private long wokenAt;

    /**
     * @param segments the log whose next segment is prepared
     * @param pretouch whether to touch every page of a prepared segment
     * @param roleName the agent's name
     */
    public SegmentPreallocator(SegmentSet segments, boolean pretouch, String roleName) {
        this(segments, pretouch, false, roleName);
    }

    /**
     * @param segments     the log whose next segment is prepared
     * @param pretouch     whether to touch every page of a prepared segment
     * @param forceTouched whether touched pages are also forced, so that the file's blocks are allocated and
     *                     written before the writer's syncs need them (a sync of a page in a hole must also commit
     *                     the file system's metadata, ten times slower than a sync of an allocated block); the
     *                     forced preparation is paced to stay a little ahead of the writer (a quarter segment,
     *                     at most 16 MiB; see {@link #writerAt}), in small writes, so that it does not crowd the
     *                     writer's syncs off the device
     * @param roleName     the agent's name
     */
    public SegmentPreallocator(SegmentSet segments, boolean pretouch, boolean forceTouched, String roleName) {
        this.segments = Objects.requireNonNull(segments, "segments");
        this.pretouch = pretouch;
        this.forceTouched = pretouch && forceTouched;
        this.roleName = Objects.requireNonNull(roleName, "roleName");
        this.zeros = this.forceTouched ? ByteBuffer.allocateDirect(FORCED_CHUNK) : null;
    }

    /** Names who wakes the agent's thread when there is work (its doorbell). Before the writer starts. */
    public void wakeWith(Runnable value) {
        wake = Objects.requireNonNull(value, "wake");
    }

    /** Asks for the segment starting at {@code baseOffset} to be prepared. */
    public void prepare(long baseOffset) {
        synchronized (this) {
            if (ready != null && ready.baseOffset() != baseOffset) {
                ready.destroy();
                ready = null;
            }
            wanted = baseOffset;
        }
        wake.run();
    }

    /**
     * Returns the mapped segment starting at {@code baseOffset} (prepared, or mapped now), and asks for the one
     * after it. Writer only.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public MappedSegment take(long baseOffset) {
        MappedSegment segment = takeOrMap(baseOffset);
        wake.run(); // the next one is wanted now
        return segment;
    }

    private synchronized MappedSegment takeOrMap(long baseOffset) {
        MappedSegment segment = ready;
        ready = null;
        if (segment == null || segment.baseOffset() != baseOffset) {
            if (segment != null) {
                segment.destroy();
            }
            segment = segments.create(baseOffset);
        }
        touchedTo = 0;
        wanted = baseOffset + segments.segmentSize();
        return segment;
    }

    /** Tells where the writer is (the log's published end), for pacing the forced preparation. Writer only. */
    public void writerAt(long position) {
        writerPosition = position;
        if (forceTouched && position - wokenAt >= FORCED_CHUNK) {
            wokenAt = position; // the forced preparation may move on a chunk
            wake.run();
        }
    }

    /** How far the ready segment may be touched now: all of it, or, when forcing, its lead past the writer. */
    private int touchLimit() {
        int capacity = ready.capacity();
        if (!forceTouched) {
            return capacity;
        }
        long progress = writerPosition - (ready.baseOffset() - capacity); // into the segment before the ready one
        return Math.clamp(progress + Math.min(capacity / 4, MAX_FORCED_LEAD), 0, capacity);
    }

    /** 0 while a segment is wanted or its pages may be touched now; else only a ring brings work. */
    @Override
    public synchronized long nanosToNextWork() {
        boolean work = wanted != NONE && ready == null || ready != null && touchedTo < touchLimit();
        return work ? 0 : NO_DEADLINE;
    }

    /** Whether the segment at {@code baseOffset} is ready to take and every page of it touched (if asked for). */
    public synchronized boolean isPrepared(long baseOffset) {
        return ready != null && ready.baseOffset() == baseOffset && touchedTo == ready.capacity();
    }

    /** Whether the segment at {@code baseOffset} is ready to take. */
    public synchronized boolean isReady(long baseOffset) {
        return ready != null && ready.baseOffset() == baseOffset;
    }

    /**
     * Maps the wanted segment, then touches its pages a chunk per cycle (a segment taken before it is fully touched
     * is still usable: the writer faults the rest itself).
     */
    @Override
    public synchronized int doWork() {
        if (wanted != NONE && ready == null) {
            ready = segments.create(wanted);
            touchedTo = pretouch ? 0 : ready.capacity();
            return 1;
        }
        if (ready != null && touchedTo < touchLimit()) {
            int to = (int) Math.min(touchLimit(), (long) touchedTo + (forceTouched ? FORCED_CHUNK : TOUCH_CHUNK));
            if (forceTouched) {
                // written, not touched through the mapping: the writer's SYNC appends write the same way, and pages
                // dirtied through a mapping sync slower (docs/BENCHMARKS.md, 2026-12-02)
                ready.write(touchedTo, zeros.clear().limit(to - touchedTo));
                ready.force(touchedTo, to);
            } else {
                ready.pretouch(touchedTo, to);
            }
            touchedTo = to;
            return 1;
        }
        return 0;
    }

    @Override
    public synchronized void onClose() {
        if (ready != null) {
            ready.close();
            ready = null;
        }
    }

    @Override
    public String roleName() {
        return roleName;
    }
}
