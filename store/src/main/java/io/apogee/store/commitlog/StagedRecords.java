package io.apogee.store.commitlog;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.StoreIoException;
import java.nio.ByteBuffer;

/**
 * SYNC mode: the appender writes a batch's records here, and they go into their segment file with one write call
 * before the batch is published, instead of through the mapping. On the disk measured, pages the write call dirtied
 * synced 1.3x to 3.4x as fast as pages dirtied through the mapping (docs/BENCHMARKS.md, 2026-12-02). Readers still
 * read the mapping: the write call fills the same page-cache pages.
 *
 * <p>The staged bytes are always one contiguous run of one segment, from {@link #base}; a record that would not
 * follow them, or not fit, writes them out first.
 *
 * <p>Threads: the holder of the appender's write turn only.
 */
final class StagedRecords {
    /** The least room: a batch of small records goes out in one write. */
    private static final int MIN_CAPACITY = 256 << 10;

    private final ByteBuffer stage;
    private MappedSegment segment;
    private long base;
    private int length;

    /** @param maxRecordSize the largest record, which must fit on its own */
    StagedRecords(int maxRecordSize) {
        this.stage = ByteBuffer.allocateDirect(Math.max(MIN_CAPACITY, maxRecordSize));
    }

    /**
     * The buffer that takes the record of {@code size} bytes at log offset {@code logOffset} of {@code target}, at
     * {@link #position}: staged bytes it would not follow, or that leave it no room, are written out first.
     *
     * @throws StoreIoException when writing them out fails (the store is fenced then)
     */
    ByteBuffer bufferFor(MappedSegment target, long logOffset, int size) {
        if (length > 0 && (target != segment || logOffset != base + length || length + size > stage.capacity())) {
            writeOut();
        }
        if (length == 0) {
            segment = target;
            base = logOffset;
        }
        return stage;
    }

    /** Where in the stage the byte at log offset {@code logOffset} goes. */
    int position(long logOffset) {
        return (int) (logOffset - base);
    }

    /** The record just written into the stage ends at log offset {@code end}. */
    void stagedTo(long end) {
        length = (int) (end - base);
    }

    /** Drops the staged bytes from log offset {@code from} on (a record taken back). */
    void discardFrom(long from) {
        length = Math.clamp(from - base, 0, length);
    }

    /**
     * Writes every staged byte into its segment file; the mapping sees them on return. Call before publishing them.
     *
     * @throws StoreIoException when the write fails (the store is fenced then); the stage is emptied either way
     */
    void writeOut() {
        if (length == 0) {
            return;
        }
        stage.limit(length).position(0);
        try {
            segment.write((int) (base - segment.baseOffset()), stage);
        } finally {
            stage.clear();
            length = 0;
            segment = null;
        }
    }

    /** Whether bytes wait to be written out. */
    boolean isEmpty() {
        return length == 0;
    }
}
