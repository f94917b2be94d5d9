package io.apogee.store.queue;

import io.apogee.store.file.MappedSegment;

/**
 * Lays out a consume-queue file ahead of its units, with write calls of zeros, so that no unit's store through the
 * mapping meets a hole. The first store into a hole has the file system allocate the page in the fault:
 * milliseconds each on some file systems, and producers that send to many queues in turn bring all their queues to a
 * new page within the same second (a stall of seconds with 1,000 queues, docs/BENCHMARKS.md, 2026-12-03). The zeros
 * only ever cover bytes past the last unit, so none is overwritten.
 *
 * <p>Stateless: how far a file is laid out is its segment's ({@link MappedSegment#laidOutTo()}).
 */
final class QueueFileLayout {
    /** Bytes laid out ahead of the units at a time: sixteen pages, one write call per 3,276 units. */
    static final int AHEAD_BYTES = MappedSegment.LAY_OUT_MAX;

    private QueueFileLayout() {
    }

    /**
     * After a unit that ends at {@code end} (a position in {@code segment}): once the units come within a page of the
     * laid-out end, lays out the next {@value #AHEAD_BYTES} bytes after the page holding {@code end}, in one write.
     * The holder of the queue's write turn.
     */
    static void afterUnit(MappedSegment segment, int end) {
        if (end + MappedSegment.PAGE_SIZE <= segment.laidOutTo()) {
            return;
        }
        int pageEnd = end + MappedSegment.PAGE_SIZE - 1 - (end + MappedSegment.PAGE_SIZE - 1) % MappedSegment.PAGE_SIZE;
        int from = Math.max(segment.laidOutTo(), pageEnd);
        int to = Math.min(segment.capacity(), from + AHEAD_BYTES);
        if (to > from) {
            segment.layOut(from, to - from);
        }
    }

    /**
     * For a file just made, before its first unit (at {@code firstUnit}, a position in {@code created}) is written:
     * lays out and touches that unit's page and lays out the {@value #AHEAD_BYTES} bytes after it, which that unit's
     * {@link #afterUnit} would. The allocations are taken by the thread that makes the file, off the send path, and a
     * burst of new queues costs the appender's write turn no write call.
     */
    static void newFile(MappedSegment created, int firstUnit) {
        int page = firstUnit - firstUnit % MappedSegment.PAGE_SIZE;
        int ahead = page + MappedSegment.PAGE_SIZE;
        created.layOutPage(page);
        created.pretouch(page, Math.min(created.capacity(), ahead));
        if (ahead < created.capacity()) {
            created.layOut(ahead, Math.min(created.capacity() - ahead, AHEAD_BYTES));
        }
    }
}
