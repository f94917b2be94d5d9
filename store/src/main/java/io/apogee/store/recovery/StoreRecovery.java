package io.apogee.store.recovery;

import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.record.RecordStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Brings a store directory back to a consistent state before any agent runs. It maps the commit-log segments and
 * consume queues, then:
 * <ul>
 *   <li>after a clean close (no running marker, a checkpoint whose positions agree) it trusts the checkpoint as
 *       the end of the log: the fast path, nothing is read back;</li>
 *   <li>after a crash it validates the log record by record from the checkpoint (or from the start when there is
 *       none) with magic, sizes, body CRC and the record's own offset, replays each valid record into the consume
 *       queues and the other {@link DerivedRebuild}s (units missing or disagreeing are rewritten), cuts a torn or
 *       damaged tail at the last intact record, and drops derived entries that point past it.</li>
 * </ul>
 * Damage that is not at the tail (below the checkpoint's flushed offset, or followed by an intact segment) stops
 * the open with {@link StoreCorruptedException} and its offset; nothing is skipped in silence.
 *
 * <p>Single-threaded: runs once, on the opening thread.
 */
public final class StoreRecovery {
    /** The cut offset of {@link #recover(long)} that cuts nothing. */
    public static final long NO_CUT = -1;

    private final FencedIo io;
    private final Path root;
    private final CommitLog log;
    private final QueueTable queues;
    private final List<DerivedRebuild> others;

    /**
     * @param io     the fenced door to the disk
     * @param root   the store root (checkpoint and marker files)
     * @param log    the commit log, not yet loaded
     * @param queues the consume queues, not yet loaded
     * @param others other derived structures to replay into (the message index)
     */
    public StoreRecovery(FencedIo io, Path root, CommitLog log, QueueTable queues, List<DerivedRebuild> others) {
        this.io = Objects.requireNonNull(io, "io");
        this.root = Objects.requireNonNull(root, "root");
        this.log = Objects.requireNonNull(log, "log");
        this.queues = Objects.requireNonNull(queues, "queues");
        this.others = List.copyOf(others);
    }

    /**
     * Recovers and positions the log ({@link CommitLog#resumeAt}) and every queue's next offset.
     *
     * @throws StoreCorruptedException when durable data is damaged
     */
    public RecoveryReport recover() {
        return recover(NO_CUT);
    }

    /**
     * Like {@link #recover()}, but first cuts the log at {@code cutAt} (unless {@link #NO_CUT}): the bytes past it are
     * zeroed and the segments after it deleted, and the records before it are replayed as after a crash, from the
     * checkpoint moved back to the cut, so that consume-queue units and index entries past it are dropped.
     *
     * @throws IllegalStateException when {@code cutAt} lies before the log's first offset
     */
    public RecoveryReport recover(long cutAt) {
        SegmentSet segments = log.segments();
        List<Path> rejected = segments.load();
        if (!rejected.isEmpty()) {
            throw new StoreCorruptedException(segments.last() == null ? 0 : segments.last().endOffset(),
                "commit-log files out of sequence or of the wrong size: " + rejected);
        }
        List<Path> skipped = List.copyOf(queues.load());
        Checkpoint checkpoint = Checkpoint.read(io, root);
        boolean crashed = ShutdownMarker.isPresent(io, root);
        if (cutAt != NO_CUT) {
            long start = segments.startOffset(0);
            if (segments.count() > 0 && cutAt < start) {
                throw new IllegalStateException("cannot cut the commit log at " + cutAt + ": it starts at " + start);
            }
            LogTruncator.cut(segments, cutAt);
            if (checkpoint != null) {
                checkpoint = new Checkpoint(Math.min(checkpoint.logFlushedOffset(), cutAt),
                    Math.min(checkpoint.derivedForcedOffset(), cutAt), checkpoint.writtenAtMillis());
            }
            crashed = true; // replayed up to the cut, which drops the derived entries past it
        }
        RecoveryReport report;
        if (!crashed && checkpoint != null && checkpoint.logFlushedOffset() == checkpoint.derivedForcedOffset()
            && fitsSegments(checkpoint.logFlushedOffset())) {
            long end = checkpoint.logFlushedOffset();
            report = new RecoveryReport(TailState.CLEAN_SHUTDOWN, end, end, -1, null, 0, 0, 0, 0, 0, skipped);
        } else {
            report = replay(checkpoint, skipped);
        }
        alignQueueStarts(log.minOffset());
        queues.resumeOffsets();
        log.resumeAt(report.logEnd());
        return report;
    }

    /** Moves each queue's min offset to its first unit still in the log (retention may have cut the log since). */
    private void alignQueueStarts(long logMin) {
        for (LogicalQueue queue : queues.all()) {
            queue.units().deleteBefore(queue.units().firstOffsetAtOrAfter(logMin));
        }
    }

    private boolean fitsSegments(long end) {
        SegmentSet segments = log.segments();
        return segments.count() == 0 ? end == 0
            : end >= segments.first().baseOffset() && end <= segments.last().endOffset();
    }

    private RecoveryReport replay(Checkpoint checkpoint, List<Path> skipped) {
        SegmentSet segments = log.segments();
        long start = segments.startOffset(0);
        long from = checkpoint == null ? start : Math.max(start, checkpoint.replayFrom());
        QueueRebuilder queueRebuild = new QueueRebuilder(queues, from);
        LogScanner scanner = new LogScanner(segments, log.config().maxRecordSize());
        scanner.scan(from, (record, offset) -> {
            queueRebuild.onRecord(record, offset);
            for (DerivedRebuild other : others) {
                other.onRecord(record, offset);
            }
        });
        long end = scanner.end();
        RecordStatus stop = scanner.stop();
        TailState tail = TailState.INTACT;
        if (stop != RecordStatus.EMPTY) {
            if (checkpoint != null && end < checkpoint.logFlushedOffset()) {
                throw new StoreCorruptedException(end, "damaged record (" + stop + ") below the checkpoint");
            }
            if (scanner.intactAfter(end)) {
                throw new StoreCorruptedException(end, "damaged record (" + stop + ") followed by intact segments");
            }
            tail = stop == RecordStatus.TRUNCATED ? TailState.TORN : TailState.CORRUPT_TAIL;
        }
        long cutBytes = LogTruncator.cut(segments, end);
        long unitsCut = queueRebuild.cutPast(end);
        long indexRebuilt = 0;
        for (DerivedRebuild other : others) {
            other.cutPast(end);
            indexRebuilt += other.rebuilt();
        }
        return new RecoveryReport(tail, from, end, tail == TailState.INTACT ? -1 : end,
            tail == TailState.INTACT ? null : stop, cutBytes, scanner.records(), queueRebuild.rebuilt(), unitsCut,
            indexRebuilt, skipped);
    }
}
