package io.apogee.store.file;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One fixed-size file of a log, memory-mapped read-write into its own shared {@link Arena}. Its bytes are the
 * log's bytes from {@link #baseOffset()} to {@link #endOffset()}. The mapping is released deterministically:
 * the segment starts with one reference held by its owner (the log), every reader {@link #retain()}s before
 * touching the bytes and {@link #release()}s after, and the last release closes the arena (unmapping the file)
 * and, if the segment was {@link #destroy() destroyed}, deletes it. A reader therefore never sees an unmapped
 * segment, and a segment deleted by retention disappears the moment its last reader is done.
 *
 * <p>Threads: the bytes are written only by the owning log's single writer (through {@link #writeBuffer()}); any
 * thread holding a reference may read them through {@link #readBuffer()}, whose absolute accessors do not
 * change the shared buffer. Reference counting is lock-free and safe for any thread.
 */
public final class MappedSegment {
    /** The page size used to touch and align, in bytes. */
    public static final int PAGE_SIZE = 4096;
    /** The most bytes one {@link #layOut} writes: sixteen pages. */
    public static final int LAY_OUT_MAX = 16 * PAGE_SIZE;
    /** Zeros read by every {@link #layOut}; never written. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(LAY_OUT_MAX).asReadOnlyBuffer();

    private final FencedIo io;
    private final Path path;
    private final long baseOffset;
    private final int capacity;
    private final Arena arena;
    private final MappedByteBuffer writeBuffer;
    private final ByteBuffer readBuffer;
    private final AtomicInteger references = new AtomicInteger(1);
    private final AtomicBoolean ownerReleased = new AtomicBoolean();
    private volatile boolean deleteWhenUnmapped;
    /** Opened by the first {@link #write}, closed by {@link #endWrites} or when the file is unmapped. */
    private volatile FileChannel channel;
    /** Opened by the first {@link #readChannel}, closed when the file is unmapped. */
    private FileChannel readChannel;
    /** Set under this object's lock as the file is deleted: its name may then be another file's. */
    private boolean unlinked;
    /**
     * Where the bytes {@link #layOut laid out} end, a position in this file. Written by the segment's one writer at a
     * time (the thread that made it, then the one that appends), read by the next.
     */
    private volatile int laidOutTo;

    private MappedSegment(FencedIo io, Path path, long baseOffset, int capacity, Arena arena, MemorySegment memory) {
        this.io = io;
        this.path = path;
        this.baseOffset = baseOffset;
        this.capacity = capacity;
        this.arena = arena;
        this.writeBuffer = (MappedByteBuffer) memory.asByteBuffer();
        this.readBuffer = memory.asReadOnly().asByteBuffer();
    }

    /**
     * Maps {@code capacity} bytes of {@code path} (creating or growing the file) as the segment starting at log
     * offset {@code baseOffset}.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public static MappedSegment map(FencedIo io, Path path, long baseOffset, int capacity) {
        return map(io, path, baseOffset, capacity, true);
    }

    /**
     * Maps like {@link #map(FencedIo, Path, long, int)}; when {@code fenceOnFailure} is false a failed mapping throws
     * {@link MappingRefusedException} and leaves the store healthy (see {@link FencedIo#mapOrRefuse}).
     */
    public static MappedSegment map(FencedIo io, Path path, long baseOffset, int capacity, boolean fenceOnFailure) {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment memory = fenceOnFailure ? io.map(path, capacity, arena) : io.mapOrRefuse(path, capacity, arena);
            return new MappedSegment(io, path, baseOffset, capacity, arena, memory);
        } catch (RuntimeException failure) {
            arena.close();
            throw failure;
        }
    }

    /** The file. */
    public Path path() {
        return path;
    }

    /** The log offset of the first byte. */
    public long baseOffset() {
        return baseOffset;
    }

    /** The log offset just past the last byte. */
    public long endOffset() {
        return baseOffset + capacity;
    }

    /** The size of the segment in bytes. */
    public int capacity() {
        return capacity;
    }

    /** The read-write view, for the log's single writer only; use absolute accessors. */
    public ByteBuffer writeBuffer() {
        return writeBuffer;
    }

    /** A read-only view shared by all readers; use absolute accessors only. Valid while a reference is held. */
    public ByteBuffer readBuffer() {
        return readBuffer;
    }

    /**
     * The file opened for reading, to send its bytes with the kernel's file-to-socket copy (sendfile), which the
     * mapping's bytes cannot use; opened at the first call and closed once the file is unmapped. Only while a
     * reference is held. Null when the file cannot be opened (it was deleted, or the disk fails): read the mapping.
     */
    public synchronized FileChannel readChannel() {
        if (readChannel == null && isMapped() && !unlinked) {
            try {
                readChannel = FileChannel.open(path, StandardOpenOption.READ);
            } catch (IOException | UnsupportedOperationException e) {
                return null;
            }
        }
        return readChannel;
    }

    /** Takes a reference; returns false if the segment is already unmapped or being unmapped. */
    public boolean retain() {
        while (true) {
            int current = references.get();
            if (current <= 0) {
                return false;
            }
            if (references.compareAndSet(current, current + 1)) {
                return true;
            }
        }
    }

    /** Drops a reference taken with {@link #retain()}; the last one unmaps the file. */
    public void release() {
        int left = references.decrementAndGet();
        if (left == 0) {
            unmap();
        } else if (left < 0) {
            throw new IllegalStateException("released more often than retained: " + path);
        }
    }

    /** References held, including the owner's; 0 once unmapped. */
    public int referenceCount() {
        return Math.max(references.get(), 0);
    }

    /** Whether the file is still mapped. */
    public boolean isMapped() {
        return arena.scope().isAlive();
    }

    /** The owner lets go: the file is unmapped as soon as no reader holds it. Idempotent. */
    public void close() {
        if (ownerReleased.compareAndSet(false, true)) {
            release();
        }
    }

    /** Like {@link #close()}, and the file is deleted once unmapped. */
    public void destroy() {
        deleteWhenUnmapped = true;
        close();
    }

    /**
     * Deletes the file now and lets go like {@link #close()}: readers keep the mapping until they release it, and the
     * name is free at once for a new file (Linux keeps an unlinked mapped file alive). For a log that is dropped whole,
     * whose next file may take the same name before the last reader is done.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public void unlinkAndClose() {
        synchronized (this) {
            unlinked = true; // no read channel opened from here on: a new file may take the name
            io.delete(path);
        }
        close();
    }

    /**
     * Writes the bytes in {@code [from, to)} (segment-relative) to the device.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public void force(int from, int to) {
        if (to > from) {
            io.force(path, writeBuffer, from, to - from);
        }
    }

    /**
     * Writes the remaining bytes of {@code source} at {@code position} (segment-relative) with the file's write call
     * rather than through the mapping, which sees them at once. Pages written so sync faster than pages dirtied
     * through the mapping (see docs/BENCHMARKS.md, 2026-12-02). The log's single writer only.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public void write(int position, ByteBuffer source) {
        if (position < 0 || (long) position + source.remaining() > capacity) {
            throw new IndexOutOfBoundsException("write of " + source.remaining() + " B at " + position + " in " + path);
        }
        FileChannel open = channel;
        if (open == null) {
            open = io.openForWrite(path);
            channel = open;
        }
        io.write(path, open, source, position);
    }

    /**
     * Writes zeros over the page at {@code position} (page-aligned) with the file's write call, then lets go of the
     * file: for a page nothing is stored in or read from through the mapping yet (of a segment just made, or ahead
     * of a queue's last unit). A first store
     * through the mapping into a hole has the file system allocate the page in the fault: 2 to 4 ms on this ext4 disk,
     * about 0.2 ms after such a write (docs/BENCHMARKS.md, 2026-12-02).
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public void layOutPage(int position) {
        layOut(position, Math.min(capacity, position + PAGE_SIZE) - position);
    }

    /**
     * Writes {@code length} zeros (at most {@link #LAY_OUT_MAX}) at {@code position} with the file's write call, then
     * lets go of the file, as {@link #layOutPage} does: only over bytes nothing was stored in or read from through the
     * mapping yet.
     *
     * @throws StoreIoException when the disk fails or the store is fenced
     */
    public void layOut(int position, int length) {
        write(position, ZEROS.duplicate().limit(length));
        closeChannel(); // a queue file keeps no descriptor open: thousands of them may be mapped
        laidOutTo = Math.max(laidOutTo, position + length);
    }

    /** Where the bytes laid out since this segment was mapped end (0 when none were): a position in this file. */
    public int laidOutTo() {
        return laidOutTo;
    }

    /** Touches one byte of every page in {@code [from, capacity)} so the pages are allocated before writes need them. */
    public void pretouch(int from) {
        pretouch(from, capacity);
    }

    /**
     * Touches one byte of every page in {@code [from, to)} (writing a zero): only for bytes the writer has not
     * reached yet, such as a prepared segment's.
     */
    public void pretouch(int from, int to) {
        for (int position = from; position < to; position += PAGE_SIZE) {
            writeBuffer.put(position, (byte) 0);
        }
    }

    private void unmap() {
        arena.close();
        closeChannel();
        closeReadChannel();
        if (deleteWhenUnmapped) {
            try {
                io.delete(path);
            } catch (StoreIoException ignored) {
                // the fence now reports the failure; the file is left for the operator
            }
        }
    }

    /**
     * The writer has moved on to the next segment: closes the channel {@link #write} opened, so that a long log keeps
     * no descriptor per written segment. A later write opens it again. The log's single writer only.
     */
    public void endWrites() {
        closeChannel();
    }

    private void closeChannel() {
        FileChannel open = channel;
        if (open != null) {
            channel = null;
            try {
                open.close();
            } catch (IOException ignored) {
                // closing drops no written byte: the page cache holds them, and syncs go through the mapping
            }
        }
    }

    private synchronized void closeReadChannel() {
        if (readChannel != null) {
            try {
                readChannel.close();
            } catch (IOException ignored) {
                // a read-only descriptor holds nothing to lose
            }
            readChannel = null;
        }
    }

    @Override
    public String toString() {
        return "MappedSegment[" + path + ", base " + baseOffset + ", refs " + referenceCount() + "]";
    }
}
